import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { ApplicationView } from '@rxbridge/contracts';
import { ApiError, messageOf } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useRequestPrescriberSignature } from '../api/request-prescriber-signature';

/** The navigator mails the prescriber a link to sign the packet online (docs/product.md §16). */
export function PrescriberRequest({ application: a }: { application: ApplicationView }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = useRequestPrescriberSignature();
  const form = useRef<HTMLFormElement>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    // A colleague's move can take this form away while the request is on its way: mutateAsync, whose answer comes
    // even then, and a refusal with nowhere left to show it is toasted.
    request.mutateAsync({ applicationId: a.id, email }).then(
      ({ message }) => {
        setEmail('');
        toast.success(message ?? 'Signature request sent', { description: a.medication });
      },
      (err) => {
        const message =
          err instanceof ApiError && err.fields?.email ? err.fields.email : messageOf(err, 'Please try again.');
        if (form.current) setError(message);
        else toast.error('Signature not requested', { description: `${a.medication}: ${message}` });
      },
    );
  };
  return (
    <form ref={form} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        Request prescriber signature
      </h4>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        The prescriber gets a link to read the packet and sign online. It works once and for 14 days.
      </p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <label htmlFor={id} className="sr-only">
          Prescriber’s email for {a.medication}
        </label>
        <Input
          id={id}
          type="email"
          autoComplete="off"
          placeholder="prescriber@clinic.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          aria-invalid={error ? true : undefined}
          className="h-9 sm:flex-1"
        />
        <Button size="sm" variant="outline" type="submit" isLoading={request.isPending}>
          Request signature
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
