import { countFormatters } from '@exchange-web/react/testing/intl-formatters';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inscriptionFormats, progressPercent, shortenId, trendOf } from './formats';

const usd = { value: 'USD', rate: 1 };
const jpy = { value: 'JPY', rate: 150.5 };
const en = inscriptionFormats('en');

describe('inscriptionFormats', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes no date formatter until a date is written, and each kind once', () => {
    const dates = countFormatters('DateTimeFormat');
    const formats = inscriptionFormats('en');
    // A first date formatter loads the time-zone data: a long task while a page hydrates.
    expect(dates).not.toHaveBeenCalled();
    formats.date(Date.UTC(2026, 0, 2));
    formats.date(Date.UTC(2026, 0, 3));
    expect(dates).toHaveBeenCalledTimes(1);
    formats.dateTime(Date.UTC(2026, 0, 2));
    expect(dates).toHaveBeenCalledTimes(2);
  });

  it('converts USDT into the chosen currency at its rate', () => {
    expect(en.toFiat('0.1', { value: 'EUR', rate: 0.3 })).toBeCloseTo(0.03, 12);
    expect(en.toFiat('12.5', jpy)).toBe(1881.25);
  });

  it('writes prices with the currency places from 1 up and 4 significant digits below', () => {
    expect(en.price('12.3456', usd)).toBe('$12.35');
    expect(en.price('0.0000123456', usd)).toBe('$0.00001235');
    expect(en.price('12.5', jpy)).toBe('¥1,881');
    expect(en.price('0', usd)).toBe('$0.00');
  });

  it('writes volumes and market caps short', () => {
    expect(en.money('1234567', usd)).toBe('$1.23M');
    expect(en.money('950', usd)).toBe('$950');
  });

  it('writes signed changes and unsigned shares as percentages', () => {
    expect(en.change('-0.0123')).toBe('-1.23%');
    expect(en.change('0.5')).toBe('+50.00%');
    expect(en.change('0')).toBe('0.00%');
    expect(en.share('0.4567')).toBe('45.67%');
    expect(en.share('1')).toBe('100.00%');
  });

  it('writes counts and amounts in the language, and times in UTC', () => {
    expect(inscriptionFormats('de').count(1234567)).toBe('1.234.567');
    expect(en.amount('21000000.123456789')).toBe('21,000,000.12345679');
    expect(en.date(Date.UTC(2023, 2, 8, 23, 30))).toBe('Mar 8, 2023');
    expect(en.dateTime(Date.UTC(2023, 2, 8, 23, 30))).toBe('03/08/2023, 23:30 UTC');
    expect(inscriptionFormats('zh-TC').dateTime(Date.UTC(2023, 2, 8, 3))).toBe(
      '2023/03/08 03:00 [UTC]',
    );
  });

  it('knows Arabic is right to left and uses BCP 47 tags', () => {
    expect(inscriptionFormats('ar').rtl).toBe(true);
    expect(inscriptionFormats('zh-TC').locale).toBe('zh-TW');
    expect(en.rtl).toBe(false);
  });
});

describe('trendOf and shortenId', () => {
  it('tells up, down and flat', () => {
    expect(trendOf('0.01')).toBe('up');
    expect(trendOf('-0.2')).toBe('down');
    expect(trendOf('0.000')).toBe('flat');
  });

  it('shortens long ids in the middle only', () => {
    expect(shortenId('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh')).toBe('bc1qxy…hx0wlh');
    expect(shortenId('short')).toBe('short');
  });
});

describe('progressPercent', () => {
  it('reads a ratio as a percentage with two places, 100 only when finished', () => {
    expect(progressPercent('0.4567')).toBe(45.67);
    expect(progressPercent('0.99999')).toBe(99.99);
    expect(progressPercent('1')).toBe(100);
    expect(progressPercent('0')).toBe(0);
    expect(progressPercent('-1')).toBe(0);
  });
});
