import type { z } from 'zod';
import { HttpError } from '../errors';

/** Parses `value` with `schema`, or answers 400 naming the first field that is wrong: "email: must be …". */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown, what = 'Request'): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.map(String).join('.');
  const message =
    issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}` : issue.message;
  throw new HttpError(400, field ? `${field}: ${message}` : `${what}: ${message}`);
}
