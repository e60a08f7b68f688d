import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { Clock, Mail, Phone, Send } from 'lucide-react';
import {
  SUPPORT_SUBJECT_MAX,
  supportMessageSchema,
  type SupportMessageInput,
  type SupportMessageView,
} from '@rxbridge/contracts';
import { ApiError, messageOf } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/server-errors';
import { formatDate } from '@/lib/format';
import { telHref, useRuntimeConfig } from '@/lib/runtime-config';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Form, InputField, TextareaField } from '@/components/ui/form';
import { useDialogProps } from '../dashboard-dialogs';
import { LoadError } from '../load-error';
import { useSendSupportMessage, useSupportMessages } from './api/support-messages';

const empty: SupportMessageInput = { subject: '', message: '' };
/** A message that writes back about an answered one: its subject, marked as a reply once. */
const followUpSubject = (subject: string) =>
  (/^re:/i.test(subject) ? subject : `Re: ${subject}`).slice(0, SUPPORT_SUBJECT_MAX);

/**
 * Need Help: the support contacts, a message to support sent through the API (kept in the patient's record, the
 * support inbox told by email, docs/product.md §21), and the patient's recent messages with whether each was answered.
 */
export function SupportDialog() {
  const dialog = useDialogProps('support');
  const { supportEmail, supportPhone } = useRuntimeConfig();
  const { _ } = useLingui();
  const send = useSendSupportMessage();
  const form = useForm<SupportMessageInput>({ resolver: zodResolver(supportMessageSchema), defaultValues: empty });
  // Why the last message was not sent (too many, no connection), on screen until the next try: the toast goes.
  const [problem, setProblem] = useState<string | null>(null);

  const onSend = (v: SupportMessageInput) => {
    setProblem(null);
    return send.mutateAsync(v).then(
      () => {
        toast.success(_('dashboard.support.sent'), { description: _('dashboard.support.sentBody') });
        form.reset(empty);
        // Sent: the focus goes back to the start of the empty form, ready for another message.
        form.setFocus('subject');
      },
      (error) => {
        applyServerErrors(form, error, { shouldFocus: true });
        const message = messageOf(error, _('dashboard.support.sendFailedBody', { email: supportEmail }));
        // A field the server refused says so under it.
        if (!(error instanceof ApiError && error.fields))
          setProblem(`${_('dashboard.support.sendFailed')}: ${message}`);
        toast.error(_('dashboard.support.sendFailed'), { description: message });
      },
    );
  };

  // Writing back about an answer is a new message under the same subject; what is typed in the message stays.
  const followUp = (m: SupportMessageView) => {
    form.setValue('subject', followUpSubject(m.subject), { shouldValidate: form.formState.isSubmitted });
    form.setFocus('message');
  };

  return (
    <Dialog
      {...dialog}
      title={_('dashboard.support.title')}
      description={_('dashboard.support.description')}
      className="max-w-lg"
    >
      <ul className="space-y-3 text-sm">
        {supportPhone && (
          <li className="flex items-center gap-3">
            <Phone className="size-5 text-teal-600" aria-hidden />
            <a href={telHref(supportPhone)} className="font-medium text-teal-800 underline-offset-4 hover:underline">
              {supportPhone}
            </a>
          </li>
        )}
        <li className="flex items-center gap-3">
          <Mail className="size-5 text-teal-600" aria-hidden />
          <a
            href={`mailto:${supportEmail}`}
            className="break-all font-medium text-teal-800 underline-offset-4 hover:underline"
          >
            {supportEmail}
          </a>
        </li>
        <li className="flex items-start gap-3 text-slate-600">
          <Clock className="mt-0.5 size-5 shrink-0 text-teal-600" aria-hidden />
          <span>{_('dashboard.support.hours')}</span>
        </li>
      </ul>
      <Form
        form={form}
        onSubmit={onSend}
        aria-label={_('dashboard.support.form')}
        className="mt-6 space-y-4 border-t border-slate-200 pt-5"
      >
        <InputField<SupportMessageInput> name="subject" label={_('dashboard.support.subject')} required />
        <TextareaField<SupportMessageInput> name="message" label={_('dashboard.support.message')} required rows={4} />
        {problem && <FormAlert>{problem}</FormAlert>}
        <Button type="submit" className="w-full" isLoading={send.isPending}>
          <Send aria-hidden /> {_('dashboard.support.send')}
        </Button>
      </Form>
      <RecentMessages onFollowUp={followUp} />
    </Dialog>
  );
}

function RecentMessages({ onFollowUp }: { onFollowUp: (m: SupportMessageView) => void }) {
  const { _ } = useLingui();
  const messages = useSupportMessages();
  if (messages.isError) {
    return (
      <div className="mt-6">
        <LoadError
          title={_('dashboard.support.historyFailed')}
          error={messages.error}
          onRetry={() => messages.refetch()}
        />
      </div>
    );
  }
  if (!messages.data?.length) return null;
  return (
    <section className="mt-6 border-t border-slate-200 pt-5" aria-labelledby="support-history">
      <h3 id="support-history" className="text-sm font-semibold text-slate-900">
        {_('dashboard.support.history')}
      </h3>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {messages.data.map((m) => (
          <MessageRow key={m.id} message={m} onFollowUp={onFollowUp} />
        ))}
      </ul>
    </section>
  );
}

function MessageRow({
  message: m,
  onFollowUp,
}: {
  message: SupportMessageView;
  onFollowUp: (m: SupportMessageView) => void;
}) {
  const { _ } = useLingui();
  return (
    <li className="py-2">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
        <span className="min-w-0 break-words font-medium text-slate-900">{m.subject}</span>
        <span className="text-xs text-slate-600">
          {_('dashboard.support.sentOn', { date: formatDate(m.createdAt) })}
        </span>
        <span className={m.answeredAt ? 'ml-auto text-xs font-medium text-teal-800' : 'ml-auto text-xs text-amber-900'}>
          {m.answeredAt
            ? _('dashboard.support.answered', { date: formatDate(m.answeredAt) })
            : _('dashboard.support.awaiting')}
        </span>
      </p>
      {/* A reply written in the console; one given by phone or email shows only as answered. */}
      {m.reply && (
        <blockquote className="mt-1.5 whitespace-pre-line break-words border-l-2 border-teal-600 pl-3 text-slate-700">
          <span className="block text-xs font-semibold text-teal-800">{_('dashboard.support.reply')}</span>
          {m.reply}
        </blockquote>
      )}
      {/* Answered, by reply or by phone: writing back keeps the subject, so the navigator sees what it follows. */}
      {m.answeredAt && (
        <Button
          variant="link"
          size="inline"
          className="mt-1"
          aria-label={_('dashboard.support.followUpAbout', { subject: m.subject })}
          onClick={() => onFollowUp(m)}
        >
          {_('dashboard.support.followUp')}
        </Button>
      )}
    </li>
  );
}
