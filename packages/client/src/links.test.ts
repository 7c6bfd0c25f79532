import { describe, expect, it } from 'vitest';
import { isSafeHref, navigateTo, sanitizeHref } from './links';

const quietLogger = () => {
  const warnings: unknown[][] = [];
  return {
    warnings,
    logger: { warn: (...data: unknown[]) => warnings.push(data), error: () => undefined },
  };
};

describe('links accepted (SPEC 5)', () => {
  it.each([
    'http://example.com',
    'https://example.com/fees?x=1#y',
    'HTTPS://EXAMPLE.COM',
    'mailto:support@example.com',
    'tel:+81-3-1234-5678',
    'blob:https://example.com/5f0a',
    'data:image/png;base64,iVBORw0KGgo=',
    'DATA:IMAGE/PNG;base64,iVBORw0KGgo=',
    'data:image/svg+xml-ish,x',
    'ftp://files.example.com/a.pdf',
    'market://details?id=com.example',
    'exchangeweb://trade/BTCUSDT',
    './fees',
    '../fees',
    '#section',
    '/spot/BTCUSDT',
    '  /spot/BTCUSDT  ',
    'https://example.com/%6Aavascript:alert(1)',
  ])('%s', (href) => {
    expect(isSafeHref(href)).toBe(true);
  });
});

describe('links refused (SPEC 5)', () => {
  it.each([
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['JAVASCRIPT:alert(1)'],
    [' javascript:alert(1)'],
    ['\tjavascript:alert(1)'],
    ['java\tscript:alert(1)'],
    ['java\nscript:alert(1)'],
    ['java\rscript:alert(1)'],
    ['\u0000javascript:alert(1)'],
    ['javas\u0000cript:alert(1)'],
    ['\u0001javascript:alert(1)'],
    ['\u00a0javascript:alert(1)'],
    ['\u2028javascript:alert(1)'],
    ['\ufeffjavascript:alert(1)'],
    ['&#106;avascript:alert(1)'],
    ['&#x6A;avascript:alert(1)'],
    ['&#0000106;avascript:alert(1)'],
    ['jav&#x09;ascript:alert(1)'],
    ['jav&Tab;ascript:alert(1)'],
    ['javascript&colon;alert(1)'],
    ['&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)'],
    ['%6Aavascript:alert(1)'],
    ['%4A%41%56%41%53%43%52%49%50%54:alert(1)'],
    // An SVG image can carry script: refused in every spelling of its type.
    ['data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+'],
    ['DATA:IMAGE/SVG+XML;base64,PHN2Zz4='],
    ['data:image/svg+xml,<svg onload=alert(1)>'],
    ['data:image/svg%2Bxml;base64,PHN2Zz4='],
    ['data:image/svg+xml;charset=utf-8,<svg/>'],
    ['data:image/s&#x76;g+xml,<svg/>'],
    ['javascript%3Aalert(1)'],
    ['%256Aavascript:alert(1)'],
    ['vbscript:msgbox(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['data:text/html;base64,PHNjcmlwdD4='],
    ['file:///etc/passwd'],
    ['chrome://settings'],
    ['www.example.com'],
    ['example.com/fees'],
    ['fees'],
    [''],
    ['   '],
    [null],
    [undefined],
    [42],
    [{ href: '/x' }],
  ])('%j', (href) => {
    expect(isSafeHref(href)).toBe(false);
  });
});

describe('sanitizeHref', () => {
  it('keeps a safe link, trimmed, and warns nothing', () => {
    const { warnings, logger } = quietLogger();
    expect(sanitizeHref(' https://example.com ', logger)).toBe('https://example.com');
    expect(warnings).toEqual([]);
  });

  it('empties an unsafe link with the invalid href warning', () => {
    const { warnings, logger } = quietLogger();
    expect(sanitizeHref('javascript:alert(1)', logger)).toBe('');
    expect(warnings).toEqual([['invalid href', 'javascript:alert(1)']]);
  });

  it('empties nothing silently: an empty link is empty without a warning', () => {
    const { warnings, logger } = quietLogger();
    expect(sanitizeHref('', logger)).toBe('');
    expect(warnings).toEqual([]);
  });
});

describe('navigateTo', () => {
  it('navigates to a safe link', () => {
    const visited: string[] = [];
    const { logger } = quietLogger();
    expect(navigateTo('/asset', { assign: (url) => visited.push(url) }, logger)).toBe(true);
    expect(visited).toEqual(['/asset']);
  });

  it('stays with the invalid url warning on an unsafe one', () => {
    const visited: string[] = [];
    const { warnings, logger } = quietLogger();
    expect(
      navigateTo('java\tscript:alert(1)', { assign: (url) => visited.push(url) }, logger),
    ).toBe(false);
    expect(visited).toEqual([]);
    expect(warnings).toEqual([['invalid url', 'java\tscript:alert(1)']]);
  });
});
