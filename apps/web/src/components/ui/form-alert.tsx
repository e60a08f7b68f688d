import type { ReactNode } from 'react';
import { AlertCircle } from 'lucide-react';
import { messageOf } from '@/lib/api-client';

export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700"
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </div>
  );
}

/** A read that failed: what could not be loaded, then why (the answer's message, else `fallback`). */
export function LoadFailed({ title, error, fallback }: { title: ReactNode; error?: unknown; fallback: string }) {
  return (
    <FormAlert>
      <strong className="font-semibold">{title}</strong>
      <span className="block">{messageOf(error, fallback)}</span>
    </FormAlert>
  );
}
