import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { Send } from 'lucide-react';
import {
  supportReplySchema,
  type SupportMessageView,
  type SupportReplyInput,
  type SupportReplyPayload,
} from '@rxbridge/contracts';
import { messageOf } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { applyServerErrors } from '@/lib/server-errors';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Form, TextareaField } from '@/components/ui/form';
import { useQueryClient } from '@tanstack/react-query';
import { useMarkSupportMessageAnswered, useReplyToSupportMessage } from '../api/answer-support-message';
import { patientRecordQueryOptions } from '../api/get-patient-record';

/**
 * The patient's messages to support (docs/product.md §21): those awaiting a reply first, then the latest answered;
 * `total` and `awaiting` count them all. A navigator answers one here (the patient reads it on their dashboard and by
 * email), or replies by phone or email and marks it answered. Shown once the patient wrote one.
 */
export function SupportMessagesCard({
  patientId,
  emailVerified,
  messages,
  total,
  awaiting,
}: {
  patientId: string;
  /** A reply is mailed to a verified address only: the form says so. */
  emailVerified: boolean;
  messages: SupportMessageView[];
  total: number;
  awaiting: number;
}) {
  const card = useRef<HTMLDivElement>(null);
  const [answered, setAnswered] = useState<string | null>(null);
  // The messages whose reply box holds a draft: kept on screen even once the record shows them answered elsewhere.
  const [drafts, setDrafts] = useState<ReadonlySet<string>>(new Set());
  const onDraft = useCallback(
    (id: string, held: boolean) =>
      setDrafts((prev) => {
        if (prev.has(id) === held) return prev;
        const next = new Set(prev);
        if (held) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  // The answered message's form goes once the record read again shows it answered: the focus then moves on to the
  // next message awaiting a reply, or to the card's heading when none is left, never to the page's start (WCAG 2.4.3).
  useEffect(() => {
    if (!answered || messages.some((m) => m.id === answered && !m.answeredAt)) return;
    setAnswered(null);
    const next = card.current?.querySelector<HTMLElement>('[data-awaiting-reply] textarea');
    (next ?? card.current?.querySelector<HTMLElement>('h2'))?.focus();
  }, [answered, messages]);
  if (messages.length === 0) return null;
  return (
    <Card ref={card} padding="p-5 sm:p-6" className="lg:col-span-2">
      <h2 tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
        Messages to support
        {awaiting > 0 && (
          <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 align-middle text-xs font-semibold text-amber-900">
            {awaiting} awaiting a reply
          </span>
        )}
      </h2>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {messages.map((m) => (
          <li key={m.id} className="py-3" data-awaiting-reply={m.answeredAt ? undefined : ''}>
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-semibold text-slate-900">{m.subject}</span>
              <span className="text-xs text-slate-500">{formatDateTime(m.createdAt)}</span>
              {m.answeredAt && (
                <span className="ml-auto text-xs font-medium text-teal-800">
                  Answered {formatDateTime(m.answeredAt)}
                </span>
              )}
            </p>
            <p className="mt-1 whitespace-pre-line break-words text-slate-700">{m.message}</p>
            {m.reply && (
              <blockquote className="mt-2 whitespace-pre-line break-words border-l-2 border-teal-600 pl-3 text-slate-700">
                <span className="block text-xs font-semibold text-teal-800">Our reply</span>
                {m.reply}
              </blockquote>
            )}
            {(!m.answeredAt || drafts.has(m.id)) && (
              <AnswerForm
                patientId={patientId}
                emailVerified={emailVerified}
                message={m}
                onAnswered={() => setAnswered(m.id)}
                onDraft={onDraft}
              />
            )}
          </li>
        ))}
      </ul>
      {total > messages.length && (
        <p className="mt-2 text-xs text-slate-500">
          Showing {messages.length} of {total} messages, those awaiting a reply first.
        </p>
      )}
    </Card>
  );
}

/**
 * A reply written here, or Mark answered for one given by phone or email (off while the box holds a draft, which it
 * would throw away). Answered by someone else while this navigator wrote, the draft stays to copy or discard, and
 * nothing more can be sent.
 */
function AnswerForm({
  patientId,
  emailVerified,
  message: m,
  onAnswered,
  onDraft,
}: {
  patientId: string;
  emailVerified: boolean;
  message: SupportMessageView;
  onAnswered: () => void;
  onDraft: (id: string, held: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const reply = useReplyToSupportMessage(patientId);
  const mark = useMarkSupportMessageAnswered(patientId);
  const form = useForm<SupportReplyInput, unknown, SupportReplyPayload>({
    resolver: zodResolver(supportReplySchema),
    defaultValues: { reply: '' },
  });
  const draft = form.watch('reply').trim();
  const held = draft !== '';
  useEffect(() => onDraft(m.id, held), [m.id, held, onDraft]);
  // Gone from the record's list (past its latest messages), the form takes its draft with it.
  useEffect(() => () => onDraft(m.id, false), [m.id, onDraft]);
  const discard = useRef<HTMLButtonElement>(null);
  const busy = reply.isPending || mark.isPending;
  // A record read again while this navigator's own answer is on its way shows it answered: not someone else's; nor is
  // a reply that reached the server though its answer was lost on the way back (the draft is the reply kept).
  const ownReply = !!m.reply && m.reply === draft;
  const answeredElsewhere = !!m.answeredAt && !busy && !reply.isSuccess && !mark.isSuccess && !ownReply;
  // The pressed button went with the form's buttons: the focus goes to Discard, not to the page's start.
  useEffect(() => {
    if (answeredElsewhere && document.activeElement === document.body) discard.current?.focus();
  }, [answeredElsewhere]);
  if (m.answeredAt && !answeredElsewhere) return null;

  const failed = (title: string) => (error: unknown) => {
    if (!applyServerErrors(form, error, { shouldFocus: true })) {
      toast.error(title, { description: messageOf(error, 'Please try again.') });
    }
  };
  const done = ({ message }: { message?: string }) => {
    toast.success(message ?? 'Answered', { description: m.subject });
    form.reset({ reply: '' });
    onAnswered();
  };
  // The record as read again once an answer settled (the mutation waits for it): whether a reply was kept.
  const kept = (text: string) =>
    queryClient.getQueryData(patientRecordQueryOptions(patientId).queryKey)?.supportMessages.find((x) => x.id === m.id)
      ?.reply === text.trim();
  // mutateAsync, not mutate's callbacks: they are skipped once the form is gone, and the toast and focus must follow.
  // A reply whose answer was lost on the way back (a timeout, a proxy's 502) may have been kept: then it was sent.
  const onReply = (v: SupportReplyPayload) =>
    reply
      .mutateAsync({ id: m.id, reply: v.reply })
      .then(done, (error) => (kept(v.reply) ? done({ message: 'Reply sent' }) : failed('Reply not sent')(error)));
  const onMark = () => mark.mutateAsync(m.id).then(done, failed('Not marked as answered'));
  const onDiscard = () => {
    form.reset({ reply: '' });
    onAnswered();
  };
  return (
    <Form form={form} onSubmit={onReply} aria-label={`Answer: ${m.subject}`} className="mt-3 space-y-2">
      {/* Always there, so that its words are announced when they come. */}
      <p role="status" className={answeredElsewhere ? 'text-xs font-medium text-amber-900' : 'sr-only'}>
        {answeredElsewhere &&
          'Answered meanwhile by another navigator: your reply was not sent. Your draft stays here until you discard it.'}
      </p>
      <TextareaField<SupportReplyInput>
        name="reply"
        label={`Reply to “${m.subject}”`}
        required
        rows={3}
        readOnly={answeredElsewhere || busy}
        hint={
          answeredElsewhere
            ? 'Copy what you need from your draft, then discard it.'
            : `${
                emailVerified
                  ? 'The patient reads it on their dashboard and by email.'
                  : 'The patient reads it on their dashboard: their email address is not verified, so it is not emailed.'
              }${held ? ' Mark answered is off while this box holds a reply.' : ''}`
        }
      />
      <div className="flex flex-wrap gap-2">
        {answeredElsewhere ? (
          <Button ref={discard} variant="quiet" size="sm" onClick={onDiscard}>
            Discard draft
          </Button>
        ) : (
          <>
            <Button type="submit" size="sm" isLoading={reply.isPending} disabled={mark.isPending}>
              <Send aria-hidden /> Send reply
            </Button>
            <Button
              variant="quiet"
              size="sm"
              isLoading={mark.isPending}
              disabled={reply.isPending || held}
              onClick={onMark}
              // Starts with the visible words, so "Mark answered" spoken or typed finds it (WCAG 2.5.3).
              aria-label={`Mark answered: ${m.subject}`}
            >
              Mark answered
            </Button>
          </>
        )}
      </div>
    </Form>
  );
}
