import { useEffect, useState } from 'react';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { toast } from 'sonner';
import { i18n } from '@/lib/i18n';
import { localized } from '../localized';

/** The short text under each empty required field; the row's toast carries the sentence of docs/product.md. */
const required = () => i18n._('dashboard.records.required');

/**
 * zodResolver for one editable row. The record schemas answer a blank required field with the
 * row's sentence ('Please fill in all required fields for this doctor.'); repeating it under every
 * field would be noise, so the fields say 'Required' and the row shows the sentence once.
 */
export function rowResolver<TValues extends FieldValues, TOut>(
  schema: z.ZodType<TOut, TValues>,
  missing: string,
): Resolver<TValues, unknown, TOut> {
  const base = zodResolver(schema as never) as unknown as Resolver<TValues, unknown, TOut>;
  return async (values, context, options) => {
    const result = await base(values, context, options);
    for (const error of Object.values(result.errors) as { message?: string }[]) {
      // The shared messages in the active language (libs/contracts' Spanish twins).
      if (error?.message) error.message = error.message === missing ? required() : localized(error.message);
    }
    return result;
  };
}

export const hasMissingFields = (errors: FieldErrors) =>
  Object.values(errors).some((e) => (e as { message?: string } | undefined)?.message === required());

/** A bulk call names a row's field '0.npiNumber'; the row's own form calls it 'npiNumber'. */
export const rowFieldOf = (serverField: string) => serverField.replace(/^\d+\./, '');

export function missingFieldsToast(message: string) {
  toast.error(i18n._('dashboard.records.missingFields'), { description: localized(message) });
}

/**
 * The rows of an editable list: the saved records, then the new ones not saved yet, each new one
 * with a temporary id ('doctor-…'), starting with `kept` (new rows whose input outlived the dialog).
 * An empty list starts with one new row; a new row can be removed (locally) only while more than one
 * row is shown.
 */
export function useEditableRows<T extends { id: string }>(
  saved: T[] | undefined,
  prefix: 'doctor' | 'prescription',
  kept: readonly string[] = [],
) {
  const [drafts, setDrafts] = useState<string[]>(() => [...kept]);
  // The record a new row just became: its Save button takes the focus the new row's had, which
  // would otherwise fall back to the dialog itself as the new row goes.
  const [justCreated, setJustCreated] = useState<string | null>(null);
  const newId = () => `${prefix}-${crypto.randomUUID()}`;
  const count = (saved?.length ?? 0) + drafts.length;

  useEffect(() => {
    if (saved && saved.length === 0 && drafts.length === 0) setDrafts([newId()]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved, drafts.length]);

  const rows: { id: string; record: T | null; justCreated: boolean }[] = [
    ...(saved ?? []).map((record) => ({ id: record.id, record, justCreated: record.id === justCreated })),
    ...drafts.map((id) => ({ id, record: null, justCreated: false })),
  ];
  return {
    rows,
    canRemoveDraft: count > 1,
    isTemporary: (id: string) => id.startsWith(`${prefix}-`),
    add: () => setDrafts((d) => [...d, newId()]),
    /** Local only, and only when more than one row is shown. */
    removeDraft: (id: string) => setDrafts((d) => (count > 1 ? d.filter((x) => x !== id) : d)),
    /** A new row was created on the server as `createdId`: it comes back with the refetched list. */
    saved: (id: string, createdId: string) => {
      setDrafts((d) => d.filter((x) => x !== id));
      setJustCreated(createdId);
    },
  };
}
