import { describe, expect, it } from 'vitest';
import { sitePagePath } from './site-page-path';

describe('the path of a page of this site', () => {
  it.each([
    ['/spot/BTCUSDT', '/spot/BTCUSDT'],
    ['/ar/vip/detail?level=2#fees', '/ar/vip/detail?level=2#fees'],
    ['/', '/'],
    // The parser's own reading is the link: dot segments resolved, spaces escaped.
    ['/a/../fee', '/fee'],
    ['/record/a b', '/record/a%20b'],
    // A tab or newline inside is dropped by the parser: what is left is still a path here.
    ['/\tjavascript:alert(1)', '/javascript:alert(1)'],
  ])('%j is the link %j', (value, path) => {
    expect(sitePagePath(value)).toBe(path);
  });

  it.each([
    'javascript:alert(1)',
    'alert(document.domain)',
    'https://attacker.example/',
    '//attacker.example/x',
    '/\\attacker.example/x',
    '/\\/attacker.example',
    ' /spot/BTCUSDT',
    '',
    'spot/BTCUSDT',
    '&#47;spot',
  ])('%j leads nowhere on this site: no link', (value) => {
    expect(sitePagePath(value)).toBeNull();
  });
});
