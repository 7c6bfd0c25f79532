/**
 * Where the site finds the gateway. Read at run time, so one build serves any deployment:
 * start.mjs, the e2e stack and a load-balanced setup each set GATEWAY_URL.
 */
export function gatewayUrl(): string {
  return process.env.GATEWAY_URL || 'http://127.0.0.1:4100';
}
