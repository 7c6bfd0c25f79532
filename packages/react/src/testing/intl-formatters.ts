import { vi, type MockInstance } from 'vitest';

/**
 * Counts the Intl formatters of `kind` made from now on, with or without `new`, each still a real
 * one; restore it with `mockRestore()` (or `vi.restoreAllMocks()`). For tests that a formatter is
 * made on first use only: the first one of a page loads locale or time-zone data (issue 18).
 * @example
 * const made = countFormatters('DateTimeFormat');
 * formats.date(at);
 * expect(made).toHaveBeenCalledTimes(1);
 */
export function countFormatters(kind: 'NumberFormat' | 'DateTimeFormat'): MockInstance {
  const Real = Intl[kind] as unknown as new (...args: unknown[]) => object;
  return vi.spyOn(Intl, kind).mockImplementation(function made(...args: unknown[]) {
    return new Real(...args);
  } as never);
}
