import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

describe('redirectTarget', () => {
  it.each([
    ['/account', '/account'],
    ['/ja/account?tab=security#sub', '/ja/account?tab=security#sub'],
    [['/spot/BTCUSDT', '/other'], '/spot/BTCUSDT'],
  ])('keeps the site path %s', (value, expected) => {
    expect(redirectTarget(value, '/fallback')).toBe(expected);
  });

  it.each([
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/\t/evil.example'],
    ['https://evil.example'],
    ['javascript:alert(1)'],
    ['account'],
    [''],
    [undefined],
    [42],
  ])('refuses %s', (value) => {
    expect(redirectTarget(value, '/fallback')).toBe('/fallback');
  });
});
