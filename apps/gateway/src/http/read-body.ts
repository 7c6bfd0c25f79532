import { GatewayCode } from '@exchange-web/protocol/codes';
import type { Context } from 'hono';
import type { z } from 'zod';
import { BadInputError } from './errors';

/** Parses a body's text as JSON (an empty body is `{}`); refuses what is not JSON with 40000. */
export function parseJsonText(text: string): unknown {
  try {
    return text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new BadInputError('body is not valid JSON', GatewayCode.badRequest);
  }
}

/** Checks a parsed body against a schema; refuses it with 40001, naming the first bad field. */
export function validateBody<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue && issue.path.length > 0 ? issue.path.join('.') : '(body)';
    throw new BadInputError(`${field}: ${issue?.message ?? 'invalid'}`);
  }
  return result.data;
}

/** Parses a JSON body against a schema; refuses what is not JSON or not of the schema, naming the field. */
export async function readJsonBody<S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<z.infer<S>> {
  return validateBody(schema, parseJsonText(await c.req.text()));
}
