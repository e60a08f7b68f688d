import { type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { badRequest } from '@rxbridge/platform';

/** Turns zod issues into per-field messages; the first one, naming its field, is the headline. */
export function validationError(issues: z.core.$ZodIssue[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  const [first] = issues;
  const where = first.path.length ? `${first.path.join('.')}: ` : '';
  const more = issues.length > 1 ? ` (and ${Object.keys(fields).length - 1} more)` : '';
  return badRequest(
    `${where}${first.message}${Object.keys(fields).length > 1 ? more : ''}`,
    fields,
    'validation-failed',
  );
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error.issues);
  return result.data;
}

/** `@Body(new ZodPipe(schema))`: validates with the shared schema from libs/contracts. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(readonly schema: S) {}
  transform(value: unknown): z.output<S> {
    return parseOrThrow(this.schema, value ?? {});
  }
}
