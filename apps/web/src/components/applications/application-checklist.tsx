import type { ReactNode } from 'react';
import { CheckCircle2, CircleDashed } from 'lucide-react';
import type { ApplicationDocumentItem, ApplicationView } from '@rxbridge/contracts';
import { useLingui } from '@lingui/react';
import { formatDate } from '@/lib/format';
import { i18n } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import type { Audience } from '@/components/audience';

// The patient reads it in a roomy dialog; the navigator scans it in a dense panel.
const LOOK = {
  patient: {
    list: 'mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200',
    item: 'flex flex-wrap items-center justify-between gap-3 p-3 sm:p-4',
    state: 'flex items-center gap-2',
    icon: 'size-5',
    text: 'flex flex-col',
    label: 'text-sm font-medium text-slate-900',
    note: 'mt-1 text-sm text-slate-700',
  },
  navigator: {
    list: 'mt-2 divide-y divide-slate-100 text-sm',
    item: 'flex items-center gap-2 py-1.5',
    state: 'flex min-w-0 flex-1 items-center gap-2',
    icon: 'size-4',
    text: 'min-w-0 flex-1',
    label: 'text-slate-800',
    note: 'block text-xs text-slate-600',
  },
} satisfies Record<Audience, Record<string, string>>;

// Patients read it as a sentence of its own; navigators as a note after the label. A packet no longer asking for
// anything (with the program, enrolled, closed) has items not received, not missing.
function statusOf(item: ApplicationDocumentItem, audience: Audience, asking: boolean): string {
  const date = formatDate(item.receivedAt);
  if (audience === 'patient')
    return item.status === 'RECEIVED'
      ? i18n._('records.checklist.received', { date })
      : asking
        ? i18n._('records.checklist.missing')
        : i18n._('records.checklist.notReceived');
  return item.status === 'RECEIVED' ? `received ${date}${item.cannotBeFaxed ? ', cannot be faxed' : ''}` : 'missing';
}

/**
 * The documents an application needs, each received or missing. What can be done about an item
 * (the patient uploads it, a navigator marks it) comes from the caller as `action`; `asking` false (the packet is
 * no longer open, docs/product.md §17) shows a missing item in grey as not received, not as a warning.
 */
export function ApplicationChecklist({
  application,
  audience,
  action,
  asking = true,
}: {
  application: ApplicationView;
  audience: Audience;
  action?: (item: ApplicationDocumentItem) => ReactNode;
  asking?: boolean;
}) {
  const look = LOOK[audience];
  useLingui(); // re-renders when the language changes
  return (
    <ul className={look.list}>
      {application.documents.map((item) => (
        <li key={item.kind} className={look.item}>
          <span className={look.state}>
            {/* A file the fax cannot carry is asked for again: marked as still to give while the packet is open. */}
            {item.status === 'RECEIVED' && !(asking && item.cannotBeFaxed) ? (
              <CheckCircle2 className={cn(look.icon, 'shrink-0 text-emerald-600')} aria-hidden />
            ) : (
              <CircleDashed
                className={cn(look.icon, 'shrink-0', asking ? 'text-amber-600' : 'text-slate-500')}
                aria-hidden
              />
            )}
            <span className={look.text}>
              <span className={look.label}>{item.label}</span>{' '}
              <span className="text-xs text-slate-500">{statusOf(item, audience, asking)}</span>
              {/* A navigator's words on the item (what the program asked, why a file was refused), as written. */}
              {item.note && <span className={look.note}>{item.note}</span>}
              {/* Received in a file the fax cannot carry: the patient is asked for it again (docs/product.md §17). */}
              {audience === 'patient' && asking && item.cannotBeFaxed && (
                <span className={look.note}>{i18n._('records.checklist.cannotBeFaxed')}</span>
              )}
            </span>
          </span>
          {action?.(item)}
        </li>
      ))}
    </ul>
  );
}
