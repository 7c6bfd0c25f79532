import { describe, expect, it } from 'vitest';
import { isChallengeDismissedError } from '../errors';
import { createPipeline, type TransportReply } from '../request/pipeline';
import { ChallengeFlow } from './challenge-flow';
import { challengeHook } from './challenge-hook';

const challengeReply = (data: unknown, msg = 'verify'): TransportReply => ({
  status: 403,
  headers: {},
  body: { code: '10021', data, msg },
});

describe('challenge hook', () => {
  // A flow whose captcha calls answer from these functions (the http client posts them).
  const flowWith = (payload: string | null) =>
    new ChallengeFlow({
      presenter: { present: async () => payload },
      requestChallenge: async () => ({ bizId: 'b', captchaId: 'c', status: 1, challenge: {} }),
      checkSolution: async () => ({ captchaToken: 'pass-1' }),
      now: () => Date.now(),
    });

  it('retries a 10021 of group gateway with the token, on that retry only', async () => {
    const sent: Record<string, string>[] = [];
    const send = createPipeline({
      transport: async (request) => {
        sent.push({ ...request.headers });
        return request.headers['captcha-token'] === 'pass-1'
          ? { status: 200, headers: {}, body: { code: '00000', data: 'done', msg: 'ok' } }
          : challengeReply({ group: 'gateway', scene: 'login' });
      },
      hooks: [challengeHook({ flow: async () => flowWith('cGF5bG9hZA==') })],
    });
    await expect(send('POST', '/v1/x', { a: 1 }, { headers: { keep: '1' } })).resolves.toBe('done');
    expect(sent).toEqual([{ keep: '1' }, { keep: '1', 'captcha-token': 'pass-1' }]);
  });

  it('turns a closed challenge into the rejection of the call, later hooks not run', async () => {
    const later: string[] = [];
    const send = createPipeline({
      transport: async () => challengeReply({ group: 'gateway', scene: 'login' }, 'Original'),
      hooks: [
        challengeHook({ flow: async () => flowWith(null) }),
        { slot: 'error-notice', afterResponse: () => void later.push('ran') },
      ],
    });
    const error = await send('POST', '/v1/x', {}).catch((caught: unknown) => caught);
    expect(isChallengeDismissedError(error)).toBe(true);
    expect(error).toMatchObject({ code: '90000001', message: 'Original' });
    expect(later).toEqual([]);
  });

  it.each([
    ['no data', null],
    ['another group', { group: 'risk', scene: 'login' }],
    ['no scene', { group: 'gateway' }],
  ])('leaves a 10021 with %s to the hooks after it', async (_case, data) => {
    const later: string[] = [];
    const send = createPipeline({
      transport: async () => challengeReply(data),
      hooks: [
        challengeHook({ flow: async () => flowWith('cGF5bG9hZA==') }),
        { slot: 'error-notice', afterResponse: () => void later.push('ran') },
      ],
    });
    await expect(send('POST', '/v1/x', {})).rejects.toMatchObject({ code: '10021' });
    expect(later).toEqual(['ran']);
  });
});
