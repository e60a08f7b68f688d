import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { localizeMessage } from '@rxbridge/contracts';
import { badRequest } from '@rxbridge/platform';
import { spanishIssues, validationError } from '../common/zod-validation.pipe';

/**
 * Like ZodPipe, but the headline is the rule's own text ("Please fill in all required fields for
 * this doctor."), which the dashboard shows as is (docs/product.md §6 Records); `error.fields` still names
 * every field, e.g. `1.dosage` for the second row of a bulk save.
 */
export class RecordBodyPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(readonly schema: S) {}
  transform(value: unknown): z.output<S> {
    const result = this.schema.safeParse(value);
    if (result.success) return result.data;
    const spanish = spanishIssues(this.schema, value);
    const { fields, translatedFields } = validationError(result.error.issues, spanish);
    const error = badRequest(result.error.issues[0].message, fields, 'validation-failed');
    error.translatedFields = translatedFields;
    // The headline in Spanish too, zod's own type messages included (docs/product.md, Languages).
    if (spanish.length) error.translatedMessage = { es: localizeMessage(spanish[0].message, 'es') };
    throw error;
  }
}
