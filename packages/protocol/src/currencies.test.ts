import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CURRENCY,
  LANGUAGE_RATE_CURRENCIES,
  USDT_RATE_CURRENCIES,
  currencyForLanguage,
  currencySymbols,
  toCurrencyEntry,
} from './currencies';
import { languages } from './languages';

describe('USDT rate table', () => {
  it('has the 13 currencies of SPEC.md section 3', () => {
    expect(USDT_RATE_CURRENCIES).toEqual([
      'usd',
      'idr',
      'cny',
      'eur',
      'hkd',
      'jpy',
      'php',
      'rub',
      'thb',
      'try',
      'twd',
      'vnd',
      'krw',
    ]);
  });

  it('has a symbol for each', () => {
    expect(currencySymbols).toEqual({
      usd: '$',
      idr: 'Rp',
      cny: '¥',
      eur: '€',
      hkd: 'HK$',
      jpy: '¥',
      php: '₱',
      rub: '₽',
      thb: '฿',
      try: '₺',
      twd: 'NT$',
      vnd: '₫',
      krw: '₩',
    });
  });
});

describe('currency entries', () => {
  it('label NAME-symbol and value NAME in upper case', () => {
    expect(toCurrencyEntry('eur', '€', 0.92)).toEqual({
      name: 'eur',
      symbol: '€',
      rate: 0.92,
      label: 'EUR-€',
      value: 'EUR',
    });
    expect(toCurrencyEntry('HKD', 'HK$', 7.8).label).toBe('HKD-HK$');
  });

  it('start from 1 USD', () => {
    expect(DEFAULT_CURRENCY).toEqual({
      name: 'USD',
      symbol: '$',
      rate: 1,
      label: 'USD-$',
      value: 'USD',
    });
  });
});

describe('currencyForLanguage', () => {
  const supported = USDT_RATE_CURRENCIES.map((name) => ({ value: name.toUpperCase() }));

  it('keeps a supported default', () => {
    expect(currencyForLanguage('JPY', supported)).toBe('JPY');
    expect(currencyForLanguage('jpy', supported)).toBe('JPY');
  });

  it('falls back to USD for defaults the table does not quote', () => {
    for (const code of ['AED', 'UAH', 'UZS', 'CAD']) {
      expect(currencyForLanguage(code, supported)).toBe('USD');
    }
    expect(currencyForLanguage('JPY', [])).toBe('USD');
  });

  it('gives every language its own currency from the gateway’s table, USD where that is its own', () => {
    const quoted = [...USDT_RATE_CURRENCIES, ...LANGUAGE_RATE_CURRENCIES].map((name) => ({
      value: name.toUpperCase(),
    }));
    for (const entry of languages) {
      expect(currencyForLanguage(entry.defaultCurrency, quoted)).toBe(
        entry.defaultCurrency.toUpperCase(),
      );
    }
    expect(currencyForLanguage('AED', quoted)).toBe('AED');
  });

  it('falls back to USD for every language SPEC’s table alone leaves out', () => {
    const fallbacks = languages
      .filter((entry) => currencyForLanguage(entry.defaultCurrency, supported) === 'USD')
      .map((entry) => entry.locale);
    expect(fallbacks).toEqual(['en', 'asia', 'en-GB', 'pl', 'uk', 'uz', 'ar', 'en-CA']);
  });
});
