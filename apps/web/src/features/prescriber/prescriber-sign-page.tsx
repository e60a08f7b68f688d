import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from '@/lib/router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, FileText, LinkIcon } from 'lucide-react';
import { PRESCRIBER_MESSAGES, type PrescriberSigningView } from '@rxbridge/contracts';
import { api, API_ROOT, ApiError, messageOf } from '@/lib/api-client';
import { Logo } from '@/components/layout/logo';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';

/**
 * /prescriber/sign?token=...: the prescriber reads the packet and signs, without an account (docs/product.md §16).
 * The token goes to the API in request bodies only, never in an API URL.
 */
export function PrescriberSignPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [signed, setSigned] = useState(false);
  const lookup = useQuery({
    queryKey: ['prescriber-signing', token],
    queryFn: async () =>
      (await api.post<{ signing: PrescriberSigningView }>('/prescriber-signatures/lookup', { token })).data.signing,
    enabled: token !== '' && !signed,
    retry: false,
    staleTime: Infinity,
  });
  const gone =
    !token || (lookup.error instanceof ApiError && (lookup.error.status === 410 || lookup.error.status === 400));

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-2xl items-center px-4 py-4">
          <Logo />
        </div>
      </header>
      <main id="main" className="mx-auto max-w-2xl px-4 py-8">
        <h1 className="text-2xl font-bold text-slate-900">Prescriber signature</h1>
        {signed ? (
          <section role="status" className="mt-6 rounded-xl bg-teal-50 p-5 ring-1 ring-inset ring-teal-600/20">
            <p className="flex items-center gap-2 font-semibold text-teal-900">
              <CheckCircle2 aria-hidden className="size-5" /> Signed
            </p>
            <p className="mt-2 text-sm text-slate-800">{PRESCRIBER_MESSAGES.signed}. You can close this page.</p>
          </section>
        ) : gone ? (
          <LinkGone />
        ) : lookup.isPending ? (
          <Spinner className="flex justify-center py-10" label="Loading the application" />
        ) : lookup.isError ? (
          <p role="alert" className="mt-6 text-sm text-red-700">
            {messageOf(lookup.error, 'The application could not be loaded. Please reload the page.')}
          </p>
        ) : (
          <SigningForm
            token={token}
            view={lookup.data}
            onSigned={() => setSigned(true)}
            onGone={() => lookup.refetch()}
          />
        )}
      </main>
    </div>
  );
}

function LinkGone() {
  return (
    <section role="alert" className="mt-6 rounded-xl bg-amber-50 p-5 ring-1 ring-inset ring-amber-600/20">
      <p className="flex items-center gap-2 font-semibold text-amber-900">
        <LinkIcon aria-hidden className="size-5" /> This link can no longer be used
      </p>
      <p className="mt-2 text-sm text-slate-800">{PRESCRIBER_MESSAGES.linkGone}</p>
    </section>
  );
}

function SigningForm({
  token,
  view,
  onSigned,
  onGone,
}: {
  token: string;
  view: PrescriberSigningView;
  onSigned(): void;
  onGone(): void;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [npi, setNpi] = useState('');
  const [attest, setAttest] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const sign = useMutation({
    mutationFn: () => api.post('/prescriber-signatures', { token, name, npi, attest }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setFailure(null);
    sign.mutate(undefined, {
      onSuccess: onSigned,
      onError: (error) => {
        if (error instanceof ApiError && error.status === 410) return onGone();
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
        else setFailure(messageOf(error, 'The signature could not be recorded. Please try again.'));
      },
    });
  };
  const field = (key: string) => ({
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${id}-${key}-error` : undefined,
  });
  const fieldError = (key: string) =>
    errors[key] && (
      <p id={`${id}-${key}-error`} className="mt-1 text-sm text-red-700">
        {errors[key]}
      </p>
    );

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
        {/* A form post keeps the token out of every URL; the packet opens in a new tab. */}
        <form method="post" action={`${API_ROOT}/prescriber-signatures/packet`} target="_blank" className="mt-4">
          <input type="hidden" name="token" value={token} />
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
        <div>
          <label htmlFor={`${id}-name`} className="text-sm font-medium text-slate-800">
            Full name
          </label>
          <Input
            id={`${id}-name`}
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            {...field('name')}
          />
          {fieldError('name')}
        </div>
        <div>
          <label htmlFor={`${id}-npi`} className="text-sm font-medium text-slate-800">
            NPI (10 digits)
          </label>
          <Input
            id={`${id}-npi`}
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            value={npi}
            onChange={(e) => setNpi(e.target.value.replace(/\D/g, ''))}
            {...field('npi')}
          />
          {fieldError('npi')}
        </div>
        <div>
          <div className="flex items-start gap-2">
            <input
              id={`${id}-attest`}
              type="checkbox"
              className="mt-1 size-4"
              checked={attest}
              onChange={(e) => setAttest(e.target.checked)}
              {...field('attest')}
            />
            <label htmlFor={`${id}-attest`} className="text-sm text-slate-800">
              I certify that the medication above is medically necessary for this patient and that the information in
              the prescriber section is accurate.
            </label>
          </div>
          {fieldError('attest')}
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
