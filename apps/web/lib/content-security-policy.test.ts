import { describe, expect, it, vi } from 'vitest';
import { configuredImageOrigins, contentSecurityPolicy, newNonce } from './content-security-policy';

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split('; ').map((directive) => {
      const [name = '', ...values] = directive.split(' ');
      return [name, values.join(' ')];
    }),
  );

describe('content security policy', () => {
  it('keeps its strict directives, with the nonce on scripts', () => {
    const policy = directives(contentSecurityPolicy('abc', []));
    expect(policy).toEqual({
      'default-src': "'self'",
      'script-src': "'self' 'nonce-abc'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: blob: https:",
      'font-src': "'self' data:",
      'worker-src': "'self' blob:",
      'connect-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
    });
  });

  it('lets images come from the configured image origins', () => {
    const policy = directives(
      contentSecurityPolicy('abc', ['http://127.0.0.1:4301', 'https://img1.test']),
    );
    expect(policy['img-src']).toBe(
      "'self' data: blob: https: http://127.0.0.1:4301 https://img1.test",
    );
    expect(policy['connect-src']).toBe("'self'");
  });

  it('reads IMAGE_DOMAINS at call time', () => {
    vi.stubEnv('IMAGE_DOMAINS', 'http://127.0.0.1:4301');
    expect(contentSecurityPolicy('abc')).toContain(
      "img-src 'self' data: blob: https: http://127.0.0.1:4301;",
    );
    vi.stubEnv('IMAGE_DOMAINS', '');
    expect(contentSecurityPolicy('abc')).toContain("img-src 'self' data: blob: https:;");
    vi.unstubAllEnvs();
  });

  it('makes a fresh nonce each time', () => {
    expect(newNonce()).not.toBe(newNonce());
  });
});

describe('configuredImageOrigins', () => {
  it('keeps valid origins and leaves bad ones out with a warning', () => {
    const warnings: string[] = [];
    expect(
      configuredImageOrigins(
        " http://127.0.0.1:4301/, https://IMG1.test,img.bare.test,https://x.test/path,'self' ;,,https://img1.test",
        (message) => warnings.push(message),
      ),
    ).toEqual(['http://127.0.0.1:4301', 'https://img1.test']);
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toContain('img.bare.test');
  });

  it('is empty when unset', () => {
    expect(configuredImageOrigins(undefined, () => undefined)).toEqual([]);
    expect(configuredImageOrigins('', () => undefined)).toEqual([]);
  });
});
