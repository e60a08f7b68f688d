import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from './api-client';

/** The per-field messages of a refused call ({ success: false, message, error: { fields } }), in the server's order. */
export function serverFieldErrors(error: unknown): [field: string, message: string][] {
  return error instanceof ApiError && error.fields ? Object.entries(error.fields) : [];
}

/** Whether the form holds a value at a dotted path ('phone', 'doctors.0.npiNumber'). */
function hasField(values: unknown, path: string): boolean {
  let at = values;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object' || !(key in at)) return false;
    at = (at as Record<string, unknown>)[key];
  }
  return true;
}

export interface ServerErrorOptions {
  /** The form's name for a server field when they differ; undefined leaves that message out. */
  fieldOf?: (serverField: string) => string | undefined;
  /** Focus the first field that got a message. */
  shouldFocus?: boolean;
}

/**
 * Shows the server's field messages under the form's own fields. Messages for fields the form does
 * not have are left to the caller's toast or alert. Returns whether any message was shown.
 */
export function applyServerErrors<T extends FieldValues>(
  form: UseFormReturn<T, any, any>,
  error: unknown,
  { fieldOf = (field) => field, shouldFocus = false }: ServerErrorOptions = {},
): boolean {
  const values = form.getValues();
  let applied = false;
  for (const [serverField, message] of serverFieldErrors(error)) {
    const field = fieldOf(serverField);
    if (field === undefined || !hasField(values, field)) continue;
    form.setError(field as Path<T>, { message }, { shouldFocus: shouldFocus && !applied });
    applied = true;
  }
  return applied;
}
