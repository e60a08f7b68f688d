import { useId, type FormEvent } from 'react';
import { Filter, X } from 'lucide-react';
import type { AuditEntryView } from '@rxbridge/contracts';
import { formatDateTime, titleCase } from '@/lib/format';
import { useAddressParams, useKeepPageInRange } from '@/lib/use-address-params';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadFailed } from '@/components/ui/form-alert';
import { Input, Label } from '@/components/ui/input';
import { PagedList, useLastRead } from '@/components/ui/paged-list';
import { useAuditLog } from '../api/get-audit-log';
import { TableHead } from '@/components/ui/table-head';
import { TableRegion } from '@/components/ui/table-region';

/** What each audited action means, in words; an action not listed shows as written. */
const ACTIONS: Record<string, string> = {
  'patients.list': 'Listed patients',
  'patient.read': 'Read patient record',
  'applications.list': 'Listed applications',
  'application.read': 'Read application',
  'application.moved': 'Moved application',
  'application.document_set': 'Marked application document',
  'support_message.answered': 'Marked support message answered',
  'support_message.read': 'Read support message',
  'support_message.replied': 'Replied to support message',
  'support_messages.list': 'Listed support messages',
  'application.program_set': 'Set application program',
  'application.submitted': 'Sent application to program',
  'application.packet_read': 'Read application packet',
  'application.prescriber_requested': 'Requested prescriber signature',
  'document.access': 'Opened document',
  'audit.read': 'Read audit log',
  'application.change_refused': 'Refused change to application',
  'staff.updated': 'Changed staff account',
  // Made on a server with the user:create command (docs/product.md §7.7), by an operator, not an account.
  'staff.created': 'Created staff account',
  'patient.created': 'Created patient account',
  'queue.job_retried': 'Retried queue job',
  'queue_board.opened': 'Opened Bull Board',
};

/**
 * /navigator/audit (ADMIN): who read which patient's data (docs/product.md §8), newest first,
 * filtered by staff member and by patient. The filter lives in the address, so Back and a shared
 * link show the same page; ids are not health data (docs/architecture.md §9).
 */
export function AuditPage() {
  const { params, page, update, setPage } = useAddressParams();
  const staffId = params.get('staffId') ?? '';
  const patientId = params.get('patientId') ?? '';
  const log = useAuditLog({ staffId: staffId || undefined, patientId: patientId || undefined, page });
  useKeepPageInRange(page, log, update);
  const read = useLastRead(log);

  // A key given as undefined clears that filter; a row's id sets one and keeps the other.
  const filter = (f: { staffId?: string; patientId?: string }) => update({ ...f, page: undefined });

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Audit log</h1>
        <p className="mt-1 text-sm text-slate-600">
          Every staff read of patient data and every operator action, newest first.
        </p>
      </div>
      <AuditFilters
        // A new address (a row's filter link, Back) puts its values in the inputs.
        key={`${staffId}|${patientId}`}
        staffId={staffId}
        patientId={patientId}
        onFilter={filter}
      />
      <Card padding="p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900" id="audit-heading">
          {read ? entriesLabel(read.pagination.totalCount, staffId, patientId) : 'Entries'}
        </h2>
        <PagedList
          query={log}
          rows={(data) => data.entries}
          page={page}
          onPageChange={setPage}
          pagesLabel="Audit log pages"
          loadingLabel="Loading the audit log"
          failure={(error) => (
            <LoadFailed title="Failed to load the audit log" error={error} fallback="An error occurred" />
          )}
          empty={staffId || patientId ? 'No entries match these filters.' : 'No entries yet.'}
        >
          {(data) => <AuditTable entries={data.entries} onFilter={filter} />}
        </PagedList>
      </Card>
    </div>
  );
}

function entriesLabel(total: number, staffId: string, patientId: string) {
  const count = total === 1 ? '1 entry' : `${total} entries`;
  return staffId || patientId ? `${count} matching the filters` : count;
}

function AuditFilters({
  staffId,
  patientId,
  onFilter,
}: {
  staffId: string;
  patientId: string;
  onFilter(f: { staffId?: string; patientId?: string }): void;
}) {
  const staffInput = useId();
  const patientInput = useId();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    onFilter({
      staffId: String(data.get('staffId') ?? '').trim() || undefined,
      patientId: String(data.get('patientId') ?? '').trim() || undefined,
    });
  };
  return (
    <Card padding="p-5 sm:p-6">
      <form
        onSubmit={onSubmit}
        aria-label="Filter the audit log"
        className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        <div>
          <Label htmlFor={staffInput}>Staff member id</Label>
          <Input
            id={staffInput}
            name="staffId"
            defaultValue={staffId}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
          />
        </div>
        <div>
          <Label htmlFor={patientInput}>Patient id</Label>
          <Input
            id={patientInput}
            name="patientId"
            defaultValue={patientId}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
          />
        </div>
        <div className="flex gap-2">
          <Button type="submit">
            <Filter aria-hidden /> Filter
          </Button>
          {(staffId || patientId) && (
            <Button
              type="button"
              variant="outline"
              onClick={() => onFilter({ staffId: undefined, patientId: undefined })}
            >
              <X aria-hidden /> Clear
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}

function AuditTable({
  entries,
  onFilter,
}: {
  entries: AuditEntryView[];
  onFilter(f: { staffId?: string; patientId?: string }): void;
}) {
  return (
    <TableRegion labelledBy="audit-heading">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <TableHead columns={['Time', 'Staff member', 'Action', 'Patient', 'Details']} />
        <tbody className="divide-y divide-slate-100">
          {entries.map((e) => (
            <tr key={e.id} data-audit-id={e.id} className="align-top">
              <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
              </td>
              <td className="px-4 py-3">
                {e.actorId ? (
                  <IdFilterButton
                    id={e.actorId}
                    label="staff member"
                    onClick={() => onFilter({ staffId: e.actorId! })}
                  />
                ) : (
                  <span className="text-slate-500">
                    {e.actorRole === 'OPERATOR' ? 'Operator (command line)' : 'System'}
                  </span>
                )}
                {e.actorId && e.actorRole && (
                  <span className="block text-xs text-slate-500">{titleCase(e.actorRole)}</span>
                )}
              </td>
              <td className="px-4 py-3">
                <span className="font-medium text-slate-900">{ACTIONS[e.action] ?? e.action}</span>
                <span className="block font-mono text-xs text-slate-500">{e.action}</span>
              </td>
              <td className="px-4 py-3">
                {e.subjectUserId ? (
                  <IdFilterButton
                    id={e.subjectUserId}
                    label="patient"
                    onClick={() => onFilter({ patientId: e.subjectUserId! })}
                  />
                ) : (
                  <span className="text-slate-500">—</span>
                )}
              </td>
              <td className="px-4 py-3 text-slate-600">
                <Details entry={e} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

/** An id that, clicked, filters the log by it. */
function IdFilterButton({ id, label, onClick }: { id: string; label: string; onClick(): void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      title={`Show only this ${label}`}
      className="break-all rounded text-left font-mono text-xs text-teal-800 hover:underline focus-visible:outline-2 focus-visible:outline-teal-500"
    >
      {id}
    </button>
  );
}

/** What the entry read: the entity, and for a list its filter and how many patients it showed. */
function Details({ entry: e }: { entry: AuditEntryView }) {
  const { patientIds, ...rest } = e.metadata;
  const items: string[] = [];
  if (e.entityType && e.entityId && !(e.entityType === 'user' && e.entityId === e.subjectUserId))
    items.push(`${titleCase(e.entityType)} ${e.entityId}`);
  if (Array.isArray(patientIds))
    items.push(patientIds.length === 1 ? '1 patient shown' : `${patientIds.length} patients shown`);
  for (const [key, value] of Object.entries(rest)) {
    if (value === null || value === undefined || value === '') continue;
    items.push(`${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  }
  if (!items.length) return <span className="text-slate-500">—</span>;
  return (
    <ul className="space-y-0.5 text-xs">
      {items.map((item) => (
        <li key={item} className="break-all">
          {item}
        </li>
      ))}
    </ul>
  );
}
