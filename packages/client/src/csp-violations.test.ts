import { describe, expect, it } from 'vitest';
import { collectCspViolations, type ViolationEvent } from './csp-violations';

function fakeDocument() {
  const listeners = new Set<(event: ViolationEvent) => void>();
  return {
    fire: (event: ViolationEvent) => listeners.forEach((listener) => listener(event)),
    addEventListener: (_type: string, listener: (event: ViolationEvent) => void) =>
      void listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: ViolationEvent) => void) =>
      void listeners.delete(listener),
  };
}

const inlineScript: ViolationEvent = {
  effectiveDirective: 'script-src-elem',
  blockedURI: 'inline',
  sourceFile: 'https://site.example/_next/static/chunks/app.js',
  lineNumber: 12,
};

describe('CSP violations', () => {
  it('holds violations until a sender is given, then sends each distinct one once', () => {
    const page = fakeDocument();
    const violations = collectCspViolations(
      page,
      () => '/ja/account',
      () => 1_795_381_532_650,
    );
    page.fire(inlineScript);
    page.fire(inlineScript);
    const sent: unknown[] = [];
    violations.forwardTo((report) => sent.push(report));
    page.fire({ effectiveDirective: 'img-src', blockedURI: 'https://evil.example/x.png' });
    expect(sent).toEqual([
      {
        bizType: 'csp',
        data: {
          event: 'script-src-elem',
          reason: 'blocked inline at https://site.example/_next/static/chunks/app.js:12',
        },
        timestamp: 1_795_381_532_650,
        page: '/ja/account',
      },
      {
        bizType: 'csp',
        data: { event: 'img-src', reason: 'blocked https://evil.example/x.png' },
        timestamp: 1_795_381_532_650,
        page: '/ja/account',
      },
    ]);
  });

  it('clips what the report schema would refuse, and stops listening on stop()', () => {
    const page = fakeDocument();
    const violations = collectCspViolations(page, () => `/${'p'.repeat(3000)}`);
    const sent: { page: string; data: { reason: string } }[] = [];
    violations.forwardTo((report) => sent.push(report));
    page.fire({
      violatedDirective: 'script-src',
      blockedURI: `https://x.example/${'a'.repeat(5000)}`,
    });
    violations.stop();
    page.fire(inlineScript);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.page.length).toBe(2048);
    expect(sent[0]?.data.reason.length).toBe(4096);
  });
});
