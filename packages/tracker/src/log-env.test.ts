import { describe, expect, it } from 'vitest';
import { resolveLogEnv } from './log-env';

describe('log_env', () => {
  it.each(['pre', 'online', 'test1', 'test12', 'eutest3'])('keeps the configured %s', (value) => {
    expect(resolveLogEnv(value, 'www.example.test')).toBe(value);
  });

  it.each([
    ['test123', 'www.exchange.com', 'online'],
    ['prod', 'test7.exchange.com', 'test7'],
    [undefined, 'web.test12.exchange.com', 'test12'],
    [undefined, 'bike.exchange.com', 'pre'],
    [42, 'www.exchange.com', 'online'],
    ['', 'localhost', 'online'],
  ])('derives %s on %s from the host: %s', (configured, host, expected) => {
    expect(resolveLogEnv(configured, host)).toBe(expected);
  });
});
