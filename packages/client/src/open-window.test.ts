import { describe, expect, it } from 'vitest';
import { openWindow } from './open-window';

function fakeOpener(href = 'https://www.example.com/account') {
  const opened: [string, string, string][] = [];
  return {
    opened,
    opener: {
      location: { href },
      open: (url: string, target: string, features: string) => opened.push([url, target, features]),
    },
  };
}

const logger = { warn: () => undefined, error: () => undefined };

describe('openWindow', () => {
  it('gives a window to another origin noopener and noreferrer (SPEC 5)', () => {
    const { opened, opener } = fakeOpener();
    expect(openWindow('https://help.example.org/fees', { opener, logger })).toBe(true);
    expect(opened).toEqual([['https://help.example.org/fees', '_blank', 'noopener,noreferrer']]);
  });

  it('keeps the opener for a page of this origin', () => {
    const { opened, opener } = fakeOpener();
    openWindow('/spot/BTCUSDT', { opener, logger, target: 'trade' });
    expect(opened).toEqual([['https://www.example.com/spot/BTCUSDT', 'trade', '']]);
  });

  it('treats another port or scheme as another origin', () => {
    const { opened, opener } = fakeOpener();
    openWindow('https://www.example.com:8443/', { opener, logger });
    openWindow('http://www.example.com/', { opener, logger });
    expect(opened.map(([, , features]) => features)).toEqual([
      'noopener,noreferrer',
      'noopener,noreferrer',
    ]);
  });

  it('refuses an unsafe link with the invalid url warning and opens nothing', () => {
    const { opened, opener } = fakeOpener();
    const warnings: unknown[][] = [];
    const result = openWindow('javascript:alert(1)', {
      opener,
      logger: { warn: (...data: unknown[]) => warnings.push(data), error: () => undefined },
    });
    expect(result).toBe(false);
    expect(opened).toEqual([]);
    expect(warnings).toEqual([['invalid url', 'javascript:alert(1)']]);
  });
});
