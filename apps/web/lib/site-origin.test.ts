import { describe, expect, it } from 'vitest';
import { siteOrigin } from './site-origin';

describe('siteOrigin', () => {
  it('takes SITE_ORIGIN when it is an http(s) origin, dropping any path', () => {
    expect(siteOrigin({ host: 'internal:3000' }, { SITE_ORIGIN: 'https://www.ex.test/' })).toBe(
      'https://www.ex.test',
    );
    expect(siteOrigin({}, { SITE_ORIGIN: 'https://www.ex.test/some/path' })).toBe(
      'https://www.ex.test',
    );
  });

  it('falls back to the request host, forwarded host and protocol first', () => {
    expect(siteOrigin({ host: '127.0.0.1:3000' }, {})).toBe('http://127.0.0.1:3000');
    expect(
      siteOrigin(
        {
          host: '10.0.0.5:3000',
          'x-forwarded-host': 'WWW.EX.TEST, proxy.internal',
          'x-forwarded-proto': 'https',
        },
        {},
      ),
    ).toBe('https://www.ex.test');
  });

  it('ignores a bad SITE_ORIGIN, a host that is not one, and an unknown protocol', () => {
    const warnings: string[] = [];
    const original = console.warn;
    console.warn = (message: string) => warnings.push(message);
    try {
      expect(siteOrigin({ host: 'a.test' }, { SITE_ORIGIN: 'javascript:alert(1)' })).toBe(
        'http://a.test',
      );
    } finally {
      console.warn = original;
    }
    expect(warnings).toHaveLength(1);
    expect(siteOrigin({ host: 'a.test', 'x-forwarded-host': 'evil.test/"><script>' }, {})).toBe(
      'http://a.test',
    );
    expect(siteOrigin({ host: 'a.test', 'x-forwarded-proto': 'gopher' }, {})).toBe('http://a.test');
    expect(siteOrigin({}, {})).toBe('http://localhost');
  });
});
