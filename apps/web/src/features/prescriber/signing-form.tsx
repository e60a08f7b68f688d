import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { API_ROOT, api, ApiError, messageOf } from '@/lib/api-client';
import type { PrescriberSigningView } from '@rxbridge/contracts';
import { Button } from '@/components/ui/button';
import type { SigningAccess } from './birth-date-step';
import { IdentifierFields, identifierKeysShown, NO_IDENTIFIERS, type IdentifierValues } from './identifier-fields';
import { linkEndOf, type LinkEnd } from './link-end';
import { describedBy, TextField } from './text-field';

/**
 * The application and the prescriber's section (docs/product.md §16): name, NPI, the identifiers the program asks
 * for and the attestation. The token and the date of birth ride in request bodies only.
 */
export function SigningForm({
  token,
  access,
  onSigned,
  onEnded,
  onReread,
}: {
  token: string;
  access: SigningAccess;
  onSigned(): void;
  onEnded(end: LinkEnd): void;
  /** The application as it is now, read again after it changed under the page. */
  onReread(access: SigningAccess): void;
}) {
  const id = useId();
  const { view, dateOfBirth } = access;
  const [name, setName] = useState('');
  const [npi, setNpi] = useState('');
  const [identifiers, setIdentifiers] = useState<IdentifierValues>(NO_IDENTIFIERS);
  const [attest, setAttest] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const sign = useMutation({
    mutationFn: () =>
      api.post('/prescriber-signatures', {
        token,
        dateOfBirth,
        name,
        npi,
        attest,
        ...identifiers,
        factsDigest: view.factsDigest,
      }),
  });
  // The facts changed since the page showed them (409 facts-changed): it shows them again, the name and identifiers
  // kept, the attestation to confirm again over the new facts.
  const reread = async (message: string) => {
    setFailure(message);
    setAttest(false);
    try {
      const res = await api.post<{ signing: PrescriberSigningView }>('/prescriber-signatures/lookup', {
        token,
        dateOfBirth,
      });
      onReread({ dateOfBirth, view: res.data.signing });
    } catch (error) {
      const end = linkEndOf(error);
      if (end) onEnded(end);
      else setFailure(messageOf(error, 'The application could not be loaded. Please try again.'));
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setFailure(null);
    sign.mutate(undefined, {
      onSuccess: onSigned,
      onError: (error) => {
        const end = linkEndOf(error);
        if (end) return onEnded(end);
        if (error instanceof ApiError && error.code === 'facts-changed') return void reread(error.message);
        if (!(error instanceof ApiError && error.fields)) {
          return setFailure(messageOf(error, 'The signature could not be recorded. Please try again.'));
        }
        // A field this form shows takes its message; any other (the patient's date of birth changed since the page
        // opened, an identifier the program no longer asks for) is said above the Sign button, never dropped.
        const shown = new Set<string>(['name', 'npi', 'attest', ...identifierKeysShown(view.prescriberFields)]);
        const entries = Object.entries(error.fields);
        setErrors(Object.fromEntries(entries.filter(([field]) => shown.has(field))));
        const elsewhere = entries.filter(([field]) => !shown.has(field)).map(([, message]) => message);
        if (elsewhere.length) setFailure(elsewhere.join(' '));
      },
    });
  };

  return (
    <>
      <section
        aria-labelledby={`${id}-details`}
        className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id={`${id}-details`} className="font-semibold text-slate-900">
          Application
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">Patient</dt>
          <dd className="text-slate-900">{view.patientName}</dd>
          <dt className="text-slate-600">Medication</dt>
          <dd className="text-slate-900">{view.medication}</dd>
          <dt className="text-slate-600">Dosage</dt>
          <dd className="text-slate-900">{view.dosage || 'Not given'}</dd>
          <dt className="text-slate-600">Frequency</dt>
          <dd className="text-slate-900">{view.frequency || 'Not given'}</dd>
          {view.program && (
            <>
              <dt className="text-slate-600">Program</dt>
              <dd className="text-slate-900">
                {view.program.name} ({view.program.manufacturer})
              </dd>
            </>
          )}
        </dl>
        {/* A form post keeps the token and the date of birth out of every URL; the packet opens in a new tab. */}
        <form method="post" action={`${API_ROOT}/prescriber-signatures/packet`} target="_blank" className="mt-4">
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="dateOfBirth" value={dateOfBirth} />
          <Button type="submit" variant="outline" size="sm">
            <FileText aria-hidden /> Read the packet (PDF)
          </Button>
        </form>
      </section>

      <form
        onSubmit={submit}
        noValidate
        className="mt-6 space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <h2 className="font-semibold text-slate-900">Sign the prescriber section</h2>
        <TextField
          id={`${id}-name`}
          label="Full name"
          autoComplete="name"
          value={name}
          onValue={setName}
          error={errors.name}
        />
        <TextField
          id={`${id}-npi`}
          label="NPI (10 digits)"
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          value={npi}
          onValue={(v) => setNpi(v.replace(/\D/g, ''))}
          error={errors.npi}
        />
        <IdentifierFields
          id={id}
          required={view.prescriberFields}
          values={identifiers}
          errors={errors}
          onChange={setIdentifiers}
        />
        <div>
          <div className="flex items-start gap-2">
            <input
              id={`${id}-attest`}
              type="checkbox"
              className="mt-1 size-4"
              checked={attest}
              onChange={(e) => setAttest(e.target.checked)}
              {...describedBy(`${id}-attest`, { error: errors.attest })}
            />
            <label htmlFor={`${id}-attest`} className="text-sm text-slate-800">
              I certify that the medication above is medically necessary for this patient and that the information in
              the prescriber section is accurate.
            </label>
          </div>
          {errors.attest && (
            <p id={`${id}-attest-error`} className="mt-1 text-sm text-red-700">
              {errors.attest}
            </p>
          )}
        </div>
        {failure && (
          <p role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        )}
        <Button type="submit" isLoading={sign.isPending}>
          Sign
        </Button>
      </form>
    </>
  );
}
