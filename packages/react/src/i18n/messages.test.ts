import { LOCALE_CODES } from '@exchange-web/protocol/languages';
import { describe, expect, it } from 'vitest';
import { loadMessages, type Messages } from './messages';
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

describe('translator', () => {
  it('looks keys up and fills placeholders without escaping (React escapes)', async () => {
    const t = createTranslator('en', en as Messages);
    expect(t('header.nav.spot')).toBe('Spot');
    expect(t('footer.copyright', { year: 2026 })).toBe('© 2026 exchange-web. All rights reserved.');
    expect(t('home.priceIn', { currency: '<b>' })).toBe('Prices shown in <b>');
  });

  it('translates in the catalogue it was given', async () => {
    const t = createTranslator('ja', await loadMessages('ja'));
    expect(t('header.logIn')).not.toBe('Log in');
    expect(t('header.logIn').length).toBeGreaterThan(0);
  });
});
