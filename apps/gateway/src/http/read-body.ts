import { GatewayCode } from '@exchange-web/protocol/codes';
import type { Context } from 'hono';
import { config, locales } from 'zod';
import type { z } from 'zod/mini';
import { BadInputError } from './errors';
import { refuseMalformedValue } from './json-value';

// The protocol's schemas are zod/mini ones, which load no locale: the messages named in refusals
// are zod's English ones, as classic zod sets them on its first schema (set here in case none is).
if (!config().localeError) config(locales.en());

/**
 * Parses a body's text as JSON (an empty body is `{}`); refuses what is not JSON with 40000, and
 * with 40001 what is nested too deep or, unless `strings` is false, holds a NUL character or an
 * unpaired surrogate ({@link refuseMalformedValue}): PostgreSQL can store neither, which would
 * otherwise surface as a 500. An event batch passes `strings: false` and checks each event alone.
 */
export function parseJsonText(text: string, { strings = true } = {}): unknown {
  let value: unknown;
  try {
    value = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new BadInputError('body is not valid JSON', GatewayCode.badRequest);
  }
  refuseMalformedValue(value, { strings });
  return value;
}

/** Checks a value against a schema; refuses it with 40001, naming the first bad field. */
function checkSchema<S extends z.ZodMiniType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue && issue.path.length > 0 ? issue.path.join('.') : '(body)';
    throw new BadInputError(`${field}: ${issue?.message ?? 'invalid'}`);
  }
  return result.data;
}

/**
 * Checks a value that did not come through parseJsonText (a query, decrypted login fields)
 * against a schema: depth and strings first, as parseJsonText does, then the schema (40001).
 */
export function validateBody<S extends z.ZodMiniType>(schema: S, value: unknown): z.infer<S> {
  refuseMalformedValue(value);
  return checkSchema(schema, value);
}

/** Parses a JSON body against a schema; refuses what is not JSON or not of the schema, naming the field. */
export async function readJsonBody<S extends z.ZodMiniType>(
  c: Context,
  schema: S,
): Promise<z.infer<S>> {
  return checkSchema(schema, parseJsonText(await c.req.text()));
}
