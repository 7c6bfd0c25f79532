import { GatewayCode } from '@exchange-web/protocol/codes';
import type { Context } from 'hono';
import type { z } from 'zod';
import { BadInputError } from './errors';

/** Parses a JSON body against a schema; refuses what is not JSON or not of the schema, naming the field. */
export async function readJsonBody<S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<z.infer<S>> {
  const text = await c.req.text();
  let value: unknown;
  try {
    value = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new BadInputError('body is not valid JSON', GatewayCode.badRequest);
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue && issue.path.length > 0 ? issue.path.join('.') : '(body)';
    throw new BadInputError(`${field}: ${issue?.message ?? 'invalid'}`);
  }
  return result.data;
}
