import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { HIPAA_AUTHORIZATION_TEXT, PATIENT_ATTESTATION, type ApplicationView } from '@rxbridge/contracts';
import { ApiError, messageOf } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/server-errors';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { useSignApplication } from './api/patient-packet';
import { useLanguage } from '@/lib/i18n';

/**
 * The patient signs their application (docs/product.md §17): their typed full name, the attestation and the HIPAA
 * authorization, each refused field explained under it.
 */
export function SignApplicationDialog({
  application: a,
  open,
  onOpenChange,
}: {
  application: ApplicationView;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [attest, setAttest] = useState(false);
  const [authorizeHipaa, setAuthorizeHipaa] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const sign = useSignApplication();
  const { _ } = useLingui();
  // The English texts are what is signed and printed; another language adds a courtesy translation
  // under each (docs/spanish-glossary.md: "En caso de discrepancia, prevalece el inglés").
  const courtesy = useLanguage().language !== 'en';
  const translation = (text: string) =>
    courtesy && (
      <p className="mt-1 text-sm italic text-slate-600">
        {text} {_('dashboard.applications.sign.courtesyNote')}
      </p>
    );

  // mutateAsync, not mutate's callbacks: those are dropped once this dialog is gone (opened anew, a new key), and a
  // patient who closed it (Escape) while the signature was on its way must still be told it failed: the refusal shows
  // in the dialog while it is open, else in a toast (docs/product.md §17).
  const form = useRef<HTMLFormElement>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setFailure(null);
    sign
      .mutateAsync({ applicationId: a.id, name, attest: attest as true, authorizeHipaa: authorizeHipaa as true })
      .then(
        () => {
          toast.success(_('dashboard.applications.sign.recorded'), { description: a.medication });
          onOpenChange(false);
        },
        (error: unknown) => {
          const message = messageOf(error, _('dashboard.applications.sign.failed'));
          if (!form.current?.isConnected) {
            toast.error(_('dashboard.applications.sign.notRecorded', { medication: a.medication }), {
              description: serverFieldErrors(error)[0]?.[1] ?? message,
            });
          } else if (error instanceof ApiError && error.fields) setErrors(error.fields);
          else setFailure(message);
        },
      );
  };
  const described = (key: string, hint?: string) => ({
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': [errors[key] && `${id}-${key}-error`, hint].filter(Boolean).join(' ') || undefined,
  });
  const error = (key: string) =>
    errors[key] && (
      <p id={`${id}-${key}-error`} role="alert" className="mt-1 text-sm text-red-700">
        {errors[key]}
      </p>
    );
  const checkbox = (key: 'attest' | 'authorizeHipaa', checked: boolean, set: (v: boolean) => void, label: string) => (
    <div>
      <div className="flex items-start gap-2">
        <input
          id={`${id}-${key}`}
          type="checkbox"
          className="mt-1 size-4 shrink-0"
          checked={checked}
          onChange={(e) => set(e.target.checked)}
          {...described(key)}
        />
        <label htmlFor={`${id}-${key}`} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      {error(key)}
    </div>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={_('dashboard.applications.sign.title', { medication: a.medication })}
      description={_('dashboard.applications.sign.description')}
      className="max-w-xl"
    >
      <form ref={form} onSubmit={submit} noValidate className="space-y-4">
        {failure && <FormAlert>{failure}</FormAlert>}
        <div>
          <label htmlFor={`${id}-name`} className="text-sm font-medium text-slate-800">
            {_('dashboard.applications.sign.fullName')}
          </label>
          <Input
            id={`${id}-name`}
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            {...described('name')}
          />
          {error('name')}
        </div>
        {checkbox('attest', attest, setAttest, PATIENT_ATTESTATION)}
        {translation(_('dashboard.applications.sign.attestationTranslation'))}
        <section aria-labelledby={`${id}-hipaa`} className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
          <h3 id={`${id}-hipaa`} className="text-sm font-semibold text-slate-900">
            {_('dashboard.applications.sign.hipaaTitle')}
          </h3>
          <p className="mt-1 text-sm text-slate-700">{HIPAA_AUTHORIZATION_TEXT}</p>
          {translation(_('dashboard.applications.sign.hipaaTranslation'))}
        </section>
        {checkbox('authorizeHipaa', authorizeHipaa, setAuthorizeHipaa, _('dashboard.applications.sign.hipaaAgree'))}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {_('dashboard.records.cancel')}
          </Button>
          <Button type="submit" isLoading={sign.isPending}>
            {_('dashboard.applications.sign.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
