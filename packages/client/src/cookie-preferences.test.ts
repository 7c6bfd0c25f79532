import { describe, expect, it } from 'vitest';
import { memoryCookieJar } from './cookie-jar';
import { createCookiePreferences } from './cookie-preferences';

describe('cookie preference record', () => {
  it('reads the spec defaults when no cookie is set', () => {
    expect(createCookiePreferences(memoryCookieJar()).all()).toEqual({
      language: 'en',
      unit: 'CNY',
      showAsset: false,
      theme: 'white',
      valuationUnit: 1,
      layout: 'right',
    });
  });

  it('writes each field to its own cookie for 365 days and reads it back typed', () => {
    const jar = memoryCookieJar();
    const preferences = createCookiePreferences(jar);
    preferences.set('language', 'ja');
    preferences.set('showAsset', true);
    preferences.set('valuationUnit', 2);
    expect(jar.entries.get('lang')).toEqual({ value: 'ja', expires: 365 });
    expect(jar.entries.get('show_asset')).toEqual({ value: 'true', expires: 365 });
    expect(preferences.get('showAsset')).toBe(true);
    expect(preferences.get('valuationUnit')).toBe(2);
  });

  it('falls back to the default for a malformed cookie', () => {
    const preferences = createCookiePreferences(
      memoryCookieJar({ show_asset: 'yes', valuation_unit: '1.5' }),
    );
    expect(preferences.get('showAsset')).toBe(false);
    expect(preferences.get('valuationUnit')).toBe(1);
  });
});
