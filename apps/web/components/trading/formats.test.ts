import { countFormatters } from '@exchange-web/react/testing/intl-formatters';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tradingFormats } from './formats';

afterEach(() => vi.restoreAllMocks());

describe('tradingFormats', () => {
  it('makes no formatter until one is used, and each kind once', () => {
    const numbers = countFormatters('NumberFormat');
    const dates = countFormatters('DateTimeFormat');
    const formats = tradingFormats('en');
    // A first formatter loads locale or time-zone data: a long task while a page hydrates.
    expect(numbers).not.toHaveBeenCalled();
    expect(dates).not.toHaveBeenCalled();

    expect(formats.percent('0.0123')).toBe('+1.23%');
    expect(formats.percent('-0.5')).toBe('-50.00%');
    expect(formats.share('0.125')).toBe('12.50%');
    expect(formats.share('0')).toBe('0.00%');
    expect(formats.time(Date.UTC(2026, 0, 2, 3, 4, 5))).toMatch(/\d{2}:04:05/);
    formats.time(Date.UTC(2026, 0, 2, 3, 4, 6));
    expect(formats.dateTime(Date.UTC(2026, 0, 2, 3, 4, 5))).toMatch(/:04:05/);
    expect(formats.date(Date.UTC(2026, 10, 26))).toBe('November 26, 2026');
    expect(numbers).toHaveBeenCalledTimes(2);
    expect(dates).toHaveBeenCalledTimes(3);
  });
});
