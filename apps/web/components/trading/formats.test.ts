import { afterEach, describe, expect, it, vi } from 'vitest';
import { tradingFormats } from './formats';

const RealNumberFormat = Intl.NumberFormat;
/** Counts the NumberFormats made, with or without `new`, each still a real one. */
const countNumberFormats = () =>
  vi.spyOn(Intl, 'NumberFormat').mockImplementation(function made(
    ...args: ConstructorParameters<typeof Intl.NumberFormat>
  ) {
    return new RealNumberFormat(...args);
  } as never);
const RealDateTimeFormat = Intl.DateTimeFormat;
/** Counts the DateTimeFormats made, with or without `new`, each still a real one. */
const countDateTimeFormats = () =>
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function made(
    ...args: ConstructorParameters<typeof Intl.DateTimeFormat>
  ) {
    return new RealDateTimeFormat(...args);
  } as never);

afterEach(() => vi.restoreAllMocks());

describe('tradingFormats', () => {
  it('makes no formatter until one is used, and each kind once', () => {
    const numbers = countNumberFormats();
    const dates = countDateTimeFormats();
    const formats = tradingFormats('en');
    // A first formatter loads locale or time-zone data: a long task while a page hydrates.
    expect(numbers).not.toHaveBeenCalled();
    expect(dates).not.toHaveBeenCalled();

    expect(formats.percent('0.0123')).toBe('+1.23%');
    expect(formats.percent('-0.5')).toBe('-50.00%');
    expect(formats.time(Date.UTC(2026, 0, 2, 3, 4, 5))).toMatch(/\d{2}:04:05/);
    formats.time(Date.UTC(2026, 0, 2, 3, 4, 6));
    expect(formats.dateTime(Date.UTC(2026, 0, 2, 3, 4, 5))).toMatch(/:04:05/);
    expect(numbers).toHaveBeenCalledTimes(1);
    expect(dates).toHaveBeenCalledTimes(2);
  });
});
