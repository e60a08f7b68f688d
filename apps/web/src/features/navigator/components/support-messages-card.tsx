import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { SupportMessageView } from '@rxbridge/contracts';
import { messageOf } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useMarkSupportMessageAnswered } from '../api/mark-support-message-answered';

/**
 * The patient's messages to support (docs/product.md §21): those awaiting a reply first, then the latest answered;
 * `total` and `awaiting` count them all. A navigator replies by email or phone, then marks the message answered
 * here. Shown once the patient wrote one.
 */
export function SupportMessagesCard({
  patientId,
  messages,
  total,
  awaiting,
}: {
  patientId: string;
  messages: SupportMessageView[];
  total: number;
  awaiting: number;
}) {
  const mark = useMarkSupportMessageAnswered(patientId);
  const card = useRef<HTMLDivElement>(null);
  const [marked, setMarked] = useState<string | null>(null);
  // The pressed button goes once the record read again shows its message answered: the focus then moves on to the
  // next message awaiting a reply, or to the card's heading when none is left, never to the page's start (WCAG 2.4.3).
  useEffect(() => {
    if (!marked || messages.some((m) => m.id === marked && !m.answeredAt)) return;
    setMarked(null);
    const next = card.current?.querySelector<HTMLElement>('[data-mark-answered]');
    (next ?? card.current?.querySelector<HTMLElement>('h2'))?.focus();
  }, [marked, messages]);
  if (messages.length === 0) return null;
  const onMark = (m: SupportMessageView) =>
    mark.mutate(m.id, {
      onSuccess: ({ message }) => {
        toast.success(message ?? 'Marked as answered', { description: m.subject });
        setMarked(m.id);
      },
      onError: (error) => toast.error('Not marked as answered', { description: messageOf(error, 'Please try again.') }),
    });
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
          <li key={m.id} className="py-3">
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-semibold text-slate-900">{m.subject}</span>
              <span className="text-xs text-slate-500">{formatDateTime(m.createdAt)}</span>
              {m.answeredAt ? (
                <span className="ml-auto text-xs font-medium text-teal-800">
                  Answered {formatDateTime(m.answeredAt)}
                </span>
              ) : (
                <Button
                  variant="quiet"
                  size="xs"
                  className="ml-auto"
                  isLoading={mark.isPending && mark.variables === m.id}
                  onClick={() => onMark(m)}
                  data-mark-answered
                  // Starts with the visible words, so "Mark answered" spoken or typed finds it (WCAG 2.5.3).
                  aria-label={`Mark answered: ${m.subject}`}
                >
                  Mark answered
                </Button>
              )}
            </p>
            <p className="mt-1 whitespace-pre-line break-words text-slate-700">{m.message}</p>
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
