/**
 * Where the site finds the gateway and the header-footer server. Read at run time, so one build
 * serves any deployment: start.mjs, the e2e stack and a load-balanced setup each set them.
 */
export function gatewayUrl(): string {
  return process.env.GATEWAY_URL || 'http://127.0.0.1:4100';
}

export function headerFooterUrl(): string {
  return process.env.HEADER_FOOTER_URL || 'http://127.0.0.1:4200';
}
