import { ChevronRight } from 'lucide-react';
import type { WorkQueueItem } from '@rxbridge/contracts';
import { Link } from '@/lib/router';
import { formatDate, formatDateTime } from '@/lib/format';
import { localDaysBetween } from '@/lib/local-day';
import { ApplicationStateBadge } from '@/components/applications/application-state-badge';
import { RenewalBadge } from '@/components/applications/renewal-badge';
import { EligibilityVerdictBadge } from '@/components/eligibility/eligibility-verdict-badge';
import { formatFplPercent, programLabel } from '@/components/eligibility/eligibility-summary';
import { TableHead } from '@/components/ui/table-head';

// The work queue's rows: a table on wide screens, cards on a phone (docs/product.md §8).
/** Program, verdict and FPL% of one application, for the table and the phone cards. */
function ProgramCell({ application: a }: { application: WorkQueueItem }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <span className={a.program ? 'text-slate-900' : 'text-slate-600'}>
        {a.program ? programLabel(a.program) : 'No program set'}
      </span>
      {a.eligibility && (
        <span className="flex flex-wrap items-center gap-1.5">
          <EligibilityVerdictBadge verdict={a.eligibility.verdict} />
          {a.eligibility.fplPercent != null && (
            <span className="text-xs text-slate-600">FPL {formatFplPercent(a.eligibility.fplPercent)}</span>
          )}
        </span>
      )}
    </div>
  );
}

/** Who is waiting on a prescriber's signature, and for how long (docs/product.md §16). */
function PrescriberWait({ application: a }: { application: WorkQueueItem }) {
  const r = a.prescriberRequest;
  if (!r) return null;
  if (r.signedAt)
    return <span className="mt-1 block text-xs text-teal-800">Prescriber signed {formatDate(r.signedAt)}</span>;
  const days = localDaysBetween(new Date(r.sentAt));
  return (
    <span className="mt-1 block text-xs font-medium text-amber-800">
      Waiting on prescriber {days === 0 ? 'since today' : `for ${days} day${days === 1 ? '' : 's'}`}
    </span>
  );
}

const patientName = (a: WorkQueueItem) => `${a.patient.firstName} ${a.patient.lastName}`;
const patientLink = (a: WorkQueueItem) => `/navigator/patients/${a.patient.id}#application-${a.id}`;

export function QueueTable({ applications }: { applications: WorkQueueItem[] }) {
  return (
    <div className="hidden overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
      <table className="w-full text-left text-sm">
        <TableHead columns={['Patient', 'Medication', 'Program', 'State', 'Documents', 'Opened', 'Last change']} />
        <tbody className="divide-y divide-slate-100">
          {applications.map((a) => (
            <tr key={a.id} data-application-id={a.id} className="hover:bg-slate-50">
              <td className="px-4 py-3">
                <Link
                  to={patientLink(a)}
                  className="font-semibold text-teal-800 hover:underline focus-visible:outline-2 focus-visible:outline-teal-500"
                >
                  {patientName(a)}
                </Link>
                <span className="block text-xs text-slate-500">{a.patient.email}</span>
              </td>
              <td className="px-4 py-3 font-medium text-slate-900">
                {a.medication}
                <RenewalBadge application={a} className="ml-1.5" />
              </td>
              <td className="px-4 py-3">
                <ProgramCell application={a} />
              </td>
              <td className="px-4 py-3">
                <ApplicationStateBadge state={a.state} />
                <PrescriberWait application={a} />
              </td>
              <td className="px-4 py-3 text-slate-600">
                {a.missingDocuments.length ? `${a.missingDocuments.length} missing` : 'None'}
              </td>
              <td className="px-4 py-3 text-slate-600">{formatDate(a.createdAt)}</td>
              <td className="px-4 py-3 text-slate-600">{formatDateTime(a.updatedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function QueueCards({ applications }: { applications: WorkQueueItem[] }) {
  return (
    <ul className="space-y-3 md:hidden">
      {applications.map((a) => (
        <li key={a.id} data-application-id={a.id}>
          <Link
            to={patientLink(a)}
            className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm hover:border-teal-300 focus-visible:outline-2 focus-visible:outline-teal-500"
          >
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-slate-900">{a.medication}</span>
                <ApplicationStateBadge state={a.state} />
                <RenewalBadge application={a} />
              </div>
              <PrescriberWait application={a} />
              <p className="mt-1 truncate text-sm text-slate-700">{patientName(a)}</p>
              <div className="mt-1 text-sm">
                <ProgramCell application={a} />
              </div>
              <p className="truncate text-xs text-slate-500">
                {a.patient.email} · opened {formatDate(a.createdAt)}
              </p>
            </div>
            <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden />
          </Link>
        </li>
      ))}
    </ul>
  );
}
