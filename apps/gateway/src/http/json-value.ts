import { RequestLimit } from '@exchange-web/protocol/registry';
import { BadInputError } from './errors';

/** Why a string cannot be stored or compared safely, or undefined when it can. */
function stringProblem(value: string): string | undefined {
  // PostgreSQL text and jsonb cannot hold NUL ("invalid byte sequence"): it would surface as a 500.
  if (value.includes('\0')) return 'must not contain a NUL character';
  // Nor an unpaired UTF-16 surrogate, which is no character at all and has no UTF-8 form.
  if (!value.isWellFormed()) return 'must be well-formed Unicode (an unpaired surrogate)';
  return undefined;
}

/** Where a request value is malformed, and how. */
export interface MalformedPart {
  /** The field's path: keys and array indexes from the top. */
  path: string[];
  problem: string;
}

/**
 * The first part of a request value (a parsed JSON body, a query, one event) nested deeper than
 * {@link RequestLimit.maxJsonDepth}, or, with `strings`, the first string (a value or a key) with
 * a NUL character or an unpaired surrogate; undefined when there is none. Walked without
 * recursion, so no input can exhaust the stack.
 */
export function findMalformedPart(
  value: unknown,
  { strings = true } = {},
): MalformedPart | undefined {
  const pending: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: current, path } = next;
    if (typeof current === 'string') {
      const problem = strings ? stringProblem(current) : undefined;
      if (problem) return { path, problem };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (path.length >= RequestLimit.maxJsonDepth) {
      return { path, problem: `nested deeper than ${RequestLimit.maxJsonDepth} levels` };
    }
    // Pushed in reverse, so the first bad part in reading order is the one reported.
    const entries = Array.isArray(current)
      ? current.map((item, index): [string, unknown] => [String(index), item])
      : Object.entries(current);
    for (const [key, item] of entries.reverse()) {
      const problem = strings && !Array.isArray(current) ? stringProblem(key) : undefined;
      if (problem) return { path, problem: `a key ${problem}` };
      pending.push({ value: item, path: [...path, key] });
    }
  }
  return undefined;
}

/** `field: problem`, the form every refusal of the gateway names a field in. */
export const describeMalformedPart = ({ path, problem }: MalformedPart) =>
  `${path.length === 0 ? '(body)' : path.join('.')}: ${problem}`;

/** Refuses a malformed request value ({@link findMalformedPart}) with 40001, naming the field. */
export function refuseMalformedValue(value: unknown, options: { strings?: boolean } = {}): void {
  const part = findMalformedPart(value, options);
  if (part) throw new BadInputError(describeMalformedPart(part));
}
