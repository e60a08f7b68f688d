import { Link } from '@/lib/router';
import type { AdminSupportMessageSummary } from '@rxbridge/contracts';
import { formatDateTime } from '@/lib/format';
import { useAddressParams, useKeepPageInRange } from '@/lib/use-address-params';
import { Card } from '@/components/ui/card';
import { LoadFailed } from '@/components/ui/form-alert';
import { PagedList } from '@/components/ui/paged-list';
import { TableHead } from '@/components/ui/table-head';
import { TableRegion } from '@/components/ui/table-region';
import { useSupportMessages } from '../api/get-support-messages';

/**
 * /navigator/messages: the patients' messages to support awaiting a reply, the longest wait first (docs/product.md
 * §21). Each opens the patient's record, where the message is read, answered and marked answered.
 */
export function SupportMessagesPage() {
  const { page, update, setPage } = useAddressParams();
  const list = useSupportMessages(page);
  useKeepPageInRange(page, list, update);
  const total = list.data?.pagination.totalCount;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Messages</h1>
        <p className="mt-1 text-sm text-slate-600">
          Patients’ messages to support awaiting a reply, the longest wait first. Answer each in the patient’s record:
          write the reply there, or mark it answered once you replied by phone or email.
        </p>
      </div>
      <Card padding="p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900" id="messages-heading">
          {total === undefined ? 'Awaiting a reply' : `${total} awaiting a reply`}
        </h2>
        <PagedList
          query={list}
          rows={(data) => data.messages}
          page={page}
          onPageChange={setPage}
          pagesLabel="Message pages"
          loadingLabel="Loading the messages"
          failure={(error) => (
            <LoadFailed title="Failed to load the messages" error={error} fallback="An error occurred" />
          )}
          empty="No message is awaiting a reply."
        >
          {(data) => <MessagesTable messages={data.messages} />}
        </PagedList>
      </Card>
    </div>
  );
}

function MessagesTable({ messages }: { messages: AdminSupportMessageSummary[] }) {
  return (
    <TableRegion labelledBy="messages-heading">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <TableHead columns={['Sent', 'Patient', 'Subject']} />
        <tbody className="divide-y divide-slate-100">
          {messages.map((m) => (
            <tr key={m.id} className="align-top">
              <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
              </td>
              <td className="px-4 py-3">
                <Link
                  to={`/navigator/patients/${m.patient.id}`}
                  className="font-semibold text-teal-800 hover:underline focus-visible:outline-2 focus-visible:outline-teal-500"
                >
                  {m.patient.firstName} {m.patient.lastName}
                </Link>
                <span className="block text-xs text-slate-500">{m.patient.email}</span>
              </td>
              <td className="break-words px-4 py-3 text-slate-900">{m.subject}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
