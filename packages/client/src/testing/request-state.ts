import type { RequestState } from '../request/hooks';

/**
 * What a hook sees of a first, anonymous GET of `/v1/a` that nothing has touched yet; `overrides`
 * sets what a test is about.
 * @example const post = requestState({ method: 'POST', body: { coin: 'BTC' } });
 */
export const requestState = (overrides: Partial<RequestState> = {}): RequestState => ({
  method: 'GET',
  path: '/v1/a',
  headers: {},
  body: undefined,
  query: undefined,
  attempt: 0,
  userId: '',
  signal: undefined,
  result: Promise.resolve(),
  ...overrides,
});
