import { describe, expect, it } from 'vitest';
import { requestState } from '../testing/request-state';
import { fixWireForm, pathnameOf, serialiseQuery } from './wire-form';

describe('wire form', () => {
  it('serialises a query the way axios does by default, fully percent-encoded', () => {
    expect(
      serialiseQuery({ a: 'x y', b: [1, null, 2], c: null, d: undefined, e: { f: 1 }, g: true }),
    ).toBe('a=x+y&b%5B%5D=1&b%5B%5D=2&e=%7B%22f%22%3A1%7D&g=true');
    expect(serialiseQuery(undefined)).toBe('');
  });

  it('fixes a get: the query into search, appended with & to a path that has one', () => {
    const get = requestState({ query: { coin: 'BTC' } });
    expect(fixWireForm(get)).toEqual({ path: '/v1/a?coin=BTC', body: '' });
    expect(get.search).toBe('?coin=BTC');
    const inPath = requestState({ path: '/v1/a?x=1', query: { coin: 'BTC' } });
    expect(fixWireForm(inPath).path).toBe('/v1/a?x=1&coin=BTC');
    expect(fixWireForm(requestState({})).path).toBe('/v1/a');
  });

  it('fixes a post body to its JSON text, and changes nothing when run again', () => {
    const post = requestState({ method: 'POST', body: { b: 1, a: 'ü' } });
    const first = fixWireForm(post);
    expect(first).toEqual({ path: '/v1/a', body: '{"b":1,"a":"ü"}' });
    expect(post.body).toBe('{"b":1,"a":"ü"}');
    expect(fixWireForm(post)).toEqual(first);
  });

  it('reads the pathname of a call path', () => {
    expect(pathnameOf('/v1/a?b=1#c')).toBe('/v1/a');
    expect(pathnameOf('/v1/a#c')).toBe('/v1/a');
  });
});
