import { LOCALE_CODES } from '@exchange-web/protocol/languages';
import { describe, expect, it } from 'vitest';
import { loadMessages, type MessageKey, type Messages } from './messages';
import en from './messages/en.json';
import { createTranslator } from './translator';

const flatten = (node: unknown, prefix = ''): Record<string, string> =>
  typeof node === 'string'
    ? { [prefix]: node }
    : Object.assign(
        {},
        ...Object.entries(node as Record<string, unknown>).map(([key, value]) =>
          flatten(value, prefix ? `${prefix}.${key}` : key),
        ),
      );

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
const english = flatten(en);

describe.each(LOCALE_CODES.filter((locale) => locale !== 'en'))('%s catalogue', (locale) => {
  it('has every key English has, and no other', async () => {
    const messages = flatten(await loadMessages(locale));
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
  });

  it('keeps every placeholder and the product name, and translates nothing to empty', async () => {
    const messages = flatten(await loadMessages(locale));
    for (const [key, text] of Object.entries(english)) {
      const translated = messages[key] ?? '';
      expect(translated.trim(), key).not.toBe('');
      expect(placeholders(translated), key).toEqual(placeholders(text));
      if (text.includes('exchange-web')) expect(translated, key).toContain('exchange-web');
    }
  });
});

describe('English catalogue', () => {
  // The translator fills {{name}} only: a single-braced name would reach the page as written.
  it('writes every placeholder in double braces', () => {
    const singleBraced = Object.entries(english).filter(([, text]) =>
      /(?<!\{)\{\s*\w+\s*\}(?!\})/.test(text),
    );
    expect(singleBraced).toEqual([]);
  });
});

describe('translator', () => {
  it('looks keys up and fills placeholders without escaping (React escapes)', async () => {
    const t = createTranslator(en as Messages);
    expect(t('header.nav.spot')).toBe('Spot');
    expect(t('footer.copyright', { year: 2026 })).toBe('© 2026 exchange-web. All rights reserved.');
    expect(t('home.priceIn', { currency: '<b>' })).toBe('Prices shown in <b>');
  });

  it('fills every placeholder of a text, spaces inside the braces allowed, each as its text', () => {
    const t = createTranslator({
      greeting: { line: 'Hi {{name}}, {{ name }} has {{count}} {{coin}}' },
    } as unknown as Messages);
    const key = 'greeting.line' as MessageKey;
    expect(t(key, { name: 'Ada', count: 0, coin: 'BTC' })).toBe('Hi Ada, Ada has 0 BTC');
    // A placeholder without a value stays as written, so the gap shows.
    expect(t(key, { name: 'Ada' })).toBe('Hi Ada, Ada has {{count}} {{coin}}');
    expect(t(key)).toBe('Hi {{name}}, {{ name }} has {{count}} {{coin}}');
  });

  it('shows the key itself for a key that leads to no text', () => {
    const t = createTranslator(en as Messages);
    for (const key of ['header.nav.nowhere', 'header.nav', 'constructor', 'header.toString'])
      expect(t(key as MessageKey)).toBe(key);
  });

  it('translates in the catalogue it was given', async () => {
    const t = createTranslator(await loadMessages('ja'));
    expect(t('header.logIn')).not.toBe('Log in');
    expect(t('header.logIn').length).toBeGreaterThan(0);
  });
});
