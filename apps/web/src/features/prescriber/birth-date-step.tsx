import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { PrescriberSigningView } from '@rxbridge/contracts';
import { api, ApiError, messageOf } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { linkEndOf, type LinkEnd } from './link-end';
import { TextField } from './text-field';

export interface SigningAccess {
  dateOfBirth: string;
  view: PrescriberSigningView;
}

/**
 * The first step of the signing page (docs/product.md §16): the patient's date of birth, before anything about the
 * patient is shown. A wrong one shows the API's message under the field; a spent link, or one whose packet is no longer
 * open, goes to `onEnded`.
 */
export function BirthDateStep({
  token,
  onConfirmed,
  onEnded,
}: {
  token: string;
  onConfirmed(access: SigningAccess): void;
  onEnded(end: LinkEnd): void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [error, setError] = useState<string | undefined>();
  const lookup = useMutation({
    mutationFn: (dob: string) =>
      api.post<{ signing: PrescriberSigningView }>('/prescriber-signatures/lookup', { token, dateOfBirth: dob }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    lookup.mutate(dateOfBirth, {
      onSuccess: (res) => onConfirmed({ dateOfBirth, view: res.data.signing }),
      onError: (failure) => {
        const end = linkEndOf(failure);
        if (end) return onEnded(end);
        setError(
          (failure instanceof ApiError && failure.fields?.dateOfBirth) ||
            messageOf(failure, 'The application could not be loaded. Please try again.'),
        );
        input.current?.focus();
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="mt-6 space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={`${id}-title`} className="font-semibold text-slate-900">
        Confirm the patient
      </h2>
      <p className="text-sm text-slate-700">
        A patient’s care navigator asked you to sign a patient assistance application. To protect the patient, enter
        their date of birth from your records before the application is shown.
      </p>
      <TextField
        ref={input}
        id={`${id}-dob`}
        label="Patient’s date of birth"
        hint="As in your records (YYYY-MM-DD)"
        type="date"
        autoComplete="off"
        value={dateOfBirth}
        onValue={setDateOfBirth}
        error={error}
      />
      <Button type="submit" isLoading={lookup.isPending}>
        Continue
      </Button>
    </form>
  );
}
