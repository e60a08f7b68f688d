import { type PipeTransform } from '@nestjs/common';
import { z } from 'zod';
import { localizeMessage } from '@rxbridge/contracts';
import { type ApiError, badRequest, fieldsHeadline } from '@rxbridge/platform';

/** zod's own messages (a type error) in Spanish, for this parse only: the process serves both languages. */
const SPANISH_ZOD = z.locales.es().localeError;

function fieldsOf(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.length ? issue.path.join('.') : '_'] ??= issue.message;
  return fields;
}

/** The issues of a failed parse with zod's own messages in Spanish (ours stay English, found by localizeMessage). */
export function spanishIssues(schema: z.ZodType, value: unknown): z.core.$ZodIssue[] {
  return schema.safeParse(value, { error: SPANISH_ZOD }).error?.issues ?? [];
}

/**
 * Turns zod issues into per-field messages; the first one, naming its field, is the headline. With the same parse's
 * Spanish issues, the answer can be given in Spanish (docs/product.md, Languages).
 */
export function validationError(issues: z.core.$ZodIssue[], spanish: z.core.$ZodIssue[] = []): ApiError {
  const fields = fieldsOf(issues);
  const error = badRequest(fieldsHeadline(fields), fields, 'validation-failed');
  if (spanish.length) {
    const es = fieldsOf(spanish);
    error.translatedFields = {
      es: Object.fromEntries(Object.entries(es).map(([key, text]) => [key, localizeMessage(text, 'es')])),
    };
  }
  return error;
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error.issues, spanishIssues(schema, value));
  return result.data;
}

/** `@Body(new ZodPipe(schema))`: validates with the shared schema from libs/contracts. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(readonly schema: S) {}
  transform(value: unknown): z.output<S> {
    return parseOrThrow(this.schema, value ?? {});
  }
}
