import { languages } from '@exchange-web/protocol/languages';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { applyDayjsLocale, hasDayjsLocale } from './dayjs-locale';

const november = new Date(2026, 10, 22);

afterEach(() => {
  dayjs.locale('en');
});

describe('dayjs locale', () => {
  it('has a locale for every dayjsLang of the language table', () => {
    for (const language of languages) expect(hasDayjsLocale(language.dayjsLang)).toBe(true);
  });

  it('loads and applies each language’s locale', async () => {
    for (const language of languages) {
      expect(await applyDayjsLocale(language.dayjsLang)).toBe(language.dayjsLang);
    }
    await applyDayjsLocale('ja');
    expect(dayjs(november).format('MMMM')).toBe('11月');
    await applyDayjsLocale('de');
    expect(dayjs(november).format('MMMM')).toBe('November');
    await applyDayjsLocale('ru');
    expect(dayjs(november).format('D MMMM')).toBe('22 ноября');
  });

  it('falls back to English for an unknown name', async () => {
    expect(await applyDayjsLocale('xx')).toBe('en');
    expect(dayjs(november).format('MMMM')).toBe('November');
  });
});
