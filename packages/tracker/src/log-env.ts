import { LOG_ENV_TEST_PATTERN, LogEnv } from '@exchange-web/protocol/registry';

/**
 * SPEC 5: a configured log_env is accepted only as `pre`, `online` or ending in test plus one or two
 * digits; otherwise it is derived from the host: testN in the host gives testN, a host containing
 * "bike" means pre, anything else online.
 */
export function resolveLogEnv(configured: unknown, host: string): string {
  if (
    typeof configured === 'string' &&
    (configured === LogEnv.pre ||
      configured === LogEnv.online ||
      LOG_ENV_TEST_PATTERN.test(configured))
  ) {
    return configured;
  }
  const testInHost = /test\d{1,2}/.exec(host);
  if (testInHost) return testInHost[0];
  if (host.includes('bike')) return LogEnv.pre;
  return LogEnv.online;
}
