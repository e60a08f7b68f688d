import { Package } from 'lucide-react';
import type { ApplicationView } from '@rxbridge/contracts';
import { useLingui } from '@lingui/react';
import { formatDate } from '@/lib/format';
import { i18n } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import type { Audience } from '@/components/audience';

const LOOK = {
  patient: { list: 'mt-2 space-y-2', item: 'flex items-start gap-2 text-sm text-slate-700', icon: 'mt-0.5' },
  navigator: { list: 'mt-1 space-y-1', item: 'flex items-center gap-1.5 text-sm text-slate-600', icon: '' },
} satisfies Record<Audience, Record<string, string>>;

type Shipment = ApplicationView['shipments'][number];

/** The patient learns from when the refill is arranged; the navigator, when it is due. */
function lineOf(s: Shipment, audience: Audience): string {
  if (audience === 'patient')
    return i18n._('records.shipments.patientLine', {
      date: formatDate(s.shipmentDate),
      days: s.daysOfSupply,
      refill: formatDate(s.refillDueAt),
    });
  return `Shipment ${formatDate(s.shipmentDate)}: ${s.daysOfSupply}-day supply, refill due ${formatDate(s.refillDueAt)}`;
}

/** The shipments scheduled so far, one line each; nothing before the first. */
export function ApplicationShipments({ application, audience }: { application: ApplicationView; audience: Audience }) {
  useLingui(); // re-renders when the language changes
  if (application.shipments.length === 0) return null;
  const look = LOOK[audience];
  return (
    <ul className={look.list}>
      {application.shipments.map((s) => (
        <li key={s.id} className={look.item}>
          <Package className={cn('size-4 shrink-0 text-teal-600', look.icon)} aria-hidden />
          <span>{lineOf(s, audience)}</span>
        </li>
      ))}
    </ul>
  );
}
