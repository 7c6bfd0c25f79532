/**
 * The settings of the cluster the two-gateway tests run against, shared by the global setup
 * (which starts it) and the tests (which count against its limits).
 */

/** Small limits the tests reach in a few requests; every test client has an address of its own. */
export const CLUSTER_LIMITS = {
  loginFailuresPerAccount: 5,
  loginFailuresPerIp: 8,
  /** Account calls per address per minute (and, on their own counter, captcha calls). */
  accountRateLimit: 40,
} as const;

/** Every registration asks a challenge, an easy one; the other rules stay off. */
export const CHALLENGE_MAX_NUMBER = 1000;

/** The gateways' environment: the limits above, the challenge rules, and who is an operator. */
export function clusterEnv(operator: string): Record<string, string> {
  return {
    GATEWAY_OPERATORS: operator,
    GATEWAY_LOGIN_MAX_FAILURES_PER_ACCOUNT: String(CLUSTER_LIMITS.loginFailuresPerAccount),
    GATEWAY_LOGIN_MAX_FAILURES_PER_IP: String(CLUSTER_LIMITS.loginFailuresPerIp),
    GATEWAY_RATE_LIMIT: String(CLUSTER_LIMITS.accountRateLimit),
    // One device at a time: a login through one gateway ends the session made through the other
    // (sessions.test.ts), the race of two logins then leaving exactly one live.
    GATEWAY_MAX_SESSIONS_PER_USER: '1',
    GATEWAY_CHALLENGE_REGISTER: '1',
    GATEWAY_CHALLENGE_LOGIN_FAILURES: '0',
    GATEWAY_CHALLENGE_LOGIN_FAILURES_PER_IP: '0',
    GATEWAY_CHALLENGE_NEW_DEVICE: '0',
    GATEWAY_CHALLENGE_BURST: '0',
    GATEWAY_CHALLENGE_MAX_NUMBER: String(CHALLENGE_MAX_NUMBER),
    // The tests that share state across gateways register with bodies built by hand; the signed
    // ones encrypt (signedInClient), and the plaintext default is tested on one gateway.
    GATEWAY_LOGIN_PLAINTEXT_ALLOWED: '1',
    // They register with a challenge and no code (codes are tested on one gateway, verification.test.ts).
    GATEWAY_REGISTER_VERIFY: '0',
    // Their logins come from clients of their own with no device check, and the gateways send
    // no mail: the new-device code is tested on one gateway (new-device.test.ts).
    GATEWAY_NEW_DEVICE_VERIFY: '0',
    // No margin interest: an hour turning mid-race would change what the collateral allows
    // (interest is tested on its own clock, margin.test.ts).
    GATEWAY_MARGIN_HOURLY_RATES: 'USDT:0,BTC:0,ETH:0,SOL:0,DOGE:0',
  };
}

/** What the global setup provides to the tests (`inject('cluster')`). */
export interface ClusterContext {
  /** nginx in front of both gateways. */
  proxyUrl: string;
  /** Gateway A and gateway B, each reached directly. */
  gatewayUrls: [string, string];
  /** The PostgreSQL database both gateways share. */
  databaseUrl: string;
  /** The login name the gateways take for an operator's (no account has it until a test registers it). */
  operator: string;
}
