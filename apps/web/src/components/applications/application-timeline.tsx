import type { ApplicationView } from '@rxbridge/contracts';
import { useLingui } from '@lingui/react';
import { formatDateTime, titleCase } from '@/lib/format';
import { i18n } from '@/lib/i18n';
import type { Audience } from '@/components/audience';
import { applicationStateLabel } from './state-label';

type TimelineEntry = ApplicationView['timeline'][number];

/** Patients see RxBridge or their care navigator; navigators see who moved it, or the role. */
function actorOf(t: TimelineEntry, audience: Audience): string {
  if (audience === 'navigator') return t.actorRole === 'SYSTEM' ? 'System' : (t.actorName ?? titleCase(t.actorRole));
  if (t.actorRole === 'SYSTEM') return 'RxBridge';
  return t.actorName
    ? i18n._('records.timeline.navigatorNamed', { name: t.actorName })
    : i18n._('records.timeline.navigator');
}

/**
 * An application's moves, newest first, the latest one marked. Navigators also see the state each
 * move came from, to check a colleague's work; an entry that changed something within its state (a program set)
 * names the state once.
 */
export function ApplicationTimeline({
  application,
  audience,
  label,
}: {
  application: ApplicationView;
  audience: Audience;
  /** The list's accessible name, when no heading names it. */
  label?: string;
}) {
  useLingui(); // re-renders when the language changes
  const timeline = [...application.timeline].sort((x, y) => y.at.localeCompare(x.at));
  return (
    <ol className="mt-3 space-y-4 border-l-2 border-slate-200 pl-5" aria-label={label}>
      {timeline.map((t, i) => (
        <li key={t.id} className="relative">
          <span
            className={`absolute -left-[27px] top-1 size-3 rounded-full ring-4 ring-white ${i === 0 ? 'bg-teal-600' : 'bg-slate-300'}`}
            aria-hidden
          />
          <p className="text-sm font-semibold text-slate-900">
            {audience === 'navigator' && t.fromState && t.fromState !== t.toState
              ? `${applicationStateLabel(t.fromState)} → ${applicationStateLabel(t.toState)}`
              : applicationStateLabel(t.toState)}
          </p>
          {t.note && <p className="text-sm text-slate-700">{t.note}</p>}
          <p className="text-xs text-slate-500">
            {formatDateTime(t.at)} · {actorOf(t, audience)}
          </p>
        </li>
      ))}
    </ol>
  );
}
