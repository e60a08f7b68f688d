import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Info, LinkIcon } from 'lucide-react';
import { PRESCRIBER_MESSAGES } from '@rxbridge/contracts';
import { api, ApiError } from '@/lib/api-client';
import { useTokenFromLink } from '@/lib/token-from-link';
import { Logo } from '@/components/layout/logo';
import { Spinner } from '@/components/ui/spinner';
import { BirthDateStep, type SigningAccess } from './birth-date-step';
import type { LinkEnd } from './link-end';
import { SigningForm } from './signing-form';

/**
 * /prescriber/sign?token=...: the prescriber confirms the patient's date of birth, reads the packet and signs,
 * without an account (docs/product.md §16). The token leaves the address bar as soon as it is read and lives in
 * memory only; it goes to the API in request bodies, never in an API URL.
 */
/**
 * Whether the link still works, asked without a date of birth: the API checks the link first (410 when spent) and
 * then asks for the date (400 naming `dateOfBirth`), so a spent link says so before anything is typed.
 */
async function linkIsLive(token: string): Promise<boolean> {
  try {
    await api.post('/prescriber-signatures/lookup', { token });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 410) return false;
    if (error instanceof ApiError && error.fields?.dateOfBirth) return true;
    throw error;
  }
}

export function PrescriberSignPage() {
  const token = useTokenFromLink('/prescriber/sign');
  const [access, setAccess] = useState<SigningAccess | null>(null);
  const [signed, setSigned] = useState(false);
  const [ended, setEnded] = useState<LinkEnd | null>(null);
  const live = useQuery({
    queryKey: ['prescriber-link', token],
    queryFn: () => linkIsLive(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });

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
        ) : ended?.kind === 'PACKET_CLOSED' ? (
          <NoSignatureNeeded message={ended.message} />
        ) : ended || !token || live.data === false ? (
          <LinkGone />
        ) : live.isPending ? (
          <Spinner className="flex justify-center py-10" label="Opening the link" />
        ) : access ? (
          <SigningForm
            token={token}
            access={access}
            onSigned={() => setSigned(true)}
            onEnded={setEnded}
            onReread={setAccess}
          />
        ) : (
          <BirthDateStep token={token} onConfirmed={setAccess} onEnded={setEnded} />
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

/** The application went on without this signature (sent to the program, decided or enrolled): nothing to do here. */
function NoSignatureNeeded({ message }: { message: string }) {
  return (
    <section role="status" className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <p className="flex items-center gap-2 font-semibold text-slate-900">
        <Info aria-hidden className="size-5" /> No signature needed
      </p>
      <p className="mt-2 text-sm text-slate-800">{message} You can close this page.</p>
    </section>
  );
}
