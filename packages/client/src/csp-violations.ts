import type { CspSecurityRequest } from '@exchange-web/protocol/schemas';

/** The fields of a `securitypolicyviolation` event a report needs. */
export interface ViolationEvent {
  effectiveDirective?: string;
  violatedDirective?: string;
  blockedURI?: string;
  sourceFile?: string;
  lineNumber?: number;
  disposition?: string;
}

/** Where violation events come from: the page's document. */
export interface ViolationSource {
  addEventListener(
    type: 'securitypolicyviolation',
    listener: (event: ViolationEvent) => void,
  ): void;
  removeEventListener(
    type: 'securitypolicyviolation',
    listener: (event: ViolationEvent) => void,
  ): void;
}

/** The `bizType` of the site's CSP reports (SPEC 7 cspSecurity). */
export const CSP_BIZ_TYPE = 'csp';

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** The cspSecurity payload of one violation (SPEC 7: bizType, data {event, reason}, timestamp, page). */
export function violationReport(
  event: ViolationEvent,
  page: string,
  now: number,
): CspSecurityRequest {
  const directive = event.effectiveDirective || event.violatedDirective || 'unknown';
  const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber ?? 0}` : '';
  return {
    bizType: CSP_BIZ_TYPE,
    data: {
      event: clip(directive, 128),
      reason: clip(`blocked ${event.blockedURI || 'inline'}${where}`, 4096),
    },
    timestamp: Math.trunc(now),
    page: clip(page, 2048),
  };
}

/**
 * Collects the page's CSP violations from the moment it is called (as the page's code starts),
 * and sends each distinct one once when {@link forwardTo} gives it a sender: those that came
 * before the request layer loaded included.
 * @example
 * const violations = collectCspViolations(document, () => location.pathname);
 * violations.forwardTo((report) => http.post(ApiPath.cspSecurity, report));
 */
export function collectCspViolations(
  source: ViolationSource,
  page: () => string,
  now: () => number = () => Date.now(),
) {
  const waiting: CspSecurityRequest[] = [];
  const seen = new Set<string>();
  let send: ((report: CspSecurityRequest) => void) | undefined;
  const listener = (event: ViolationEvent) => {
    const report = violationReport(event, page(), now());
    // The same blocked thing at the same place is one report, however often it fires.
    const key = `${report.data.event}|${report.data.reason}|${report.page}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (send) send(report);
    else waiting.push(report);
  };
  source.addEventListener('securitypolicyviolation', listener);
  return {
    forwardTo(sender: (report: CspSecurityRequest) => void) {
      send = sender;
      for (const report of waiting.splice(0)) sender(report);
    },
    stop() {
      source.removeEventListener('securitypolicyviolation', listener);
    },
  };
}
