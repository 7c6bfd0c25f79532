import { languages } from '@exchange-web/protocol/languages';
import { describe, expect, it } from 'vitest';
import { hasAntdLocale, loadAntdLocale } from './antd-locale';

describe('antd locale', () => {
  it('has a locale file for every antdLang of the language table', () => {
    for (const language of languages) expect(hasAntdLocale(language.antdLang)).toBe(true);
  });

  it('keeps the language for components but English for pagination and dates (SPEC 9)', async () => {
    const japanese = await loadAntdLocale('ja_JP');
    const english = await loadAntdLocale('en_US');
    expect(japanese.locale).toBe('ja');
    expect(japanese.global?.close).toBe('閉じる');
    expect(japanese.Table?.emptyText).not.toBe(english.Table?.emptyText);
    expect(japanese.Pagination).toEqual(english.Pagination);
    expect(japanese.DatePicker).toEqual(english.DatePicker);
    expect(japanese.TimePicker).toEqual(english.TimePicker);
    expect(japanese.Calendar).toEqual(english.Calendar);
    expect(english.Pagination?.items_per_page).toBe('/ page');
  });

  it('is plain data a page can pass through its server props', async () => {
    const arabic = await loadAntdLocale('ar_EG');
    expect(JSON.parse(JSON.stringify(arabic))).toEqual(arabic);
  });

  it('falls back to English for a name antd has no file for', async () => {
    expect((await loadAntdLocale('xx_XX')).locale).toBe('en');
  });
});
