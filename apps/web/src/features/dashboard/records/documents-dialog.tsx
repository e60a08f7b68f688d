import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { ExternalLink, FileText, Search, Trash2 } from 'lucide-react';
import { DOCUMENTS_PAGE_SIZE, type DocumentView } from '@rxbridge/contracts';
import { messageOf } from '@/lib/api-client';
import { formatBytes, formatDate } from '@/lib/format';
import { focusControl, useFocusAfterRemoval } from '@/lib/use-focus-after-removal';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { useDocuments } from './api/get-documents';
import { useDeleteDocument } from './api/delete-document';
import { getDocumentAccessUrl } from './api/get-document-access';
import { useDialogProps } from '../dashboard-dialogs';
import { LoadError } from '../load-error';
import { DocumentUploadForm } from './document-upload-form';

/** A file's kind as the list names it, in the active language. */
function typeLabel(mimeType: string, _: (id: string) => string): string {
  switch (mimeType) {
    case 'application/pdf':
      return 'PDF';
    case 'image/jpeg':
      return _('dashboard.records.documents.jpeg');
    case 'image/png':
      return _('dashboard.records.documents.png');
    case 'image/gif':
      return _('dashboard.records.documents.gif');
    case 'application/msword':
    case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
      return 'Word';
    case 'text/plain':
      return _('dashboard.records.documents.text');
    default:
      return mimeType;
  }
}

export function DocumentsDialog() {
  const dialog = useDialogProps('documents');
  const { _ } = useLingui();
  return (
    <Dialog
      {...dialog}
      title={_('dashboard.records.documents.title')}
      description={_('dashboard.records.documents.description')}
      className="max-w-2xl"
    >
      {dialog.open && <DocumentsBody />}
    </Dialog>
  );
}

function useDebounced(value: string, ms = 300) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

function DocumentsBody() {
  const [page, setPage] = useState(1);
  const [searchInput, setSearchInput] = useState('');
  const search = useDebounced(searchInput);
  const documents = useDocuments(page, search);
  const pagination = documents.data?.pagination;
  const { _ } = useLingui();
  // A deleted row's focus goes to the next row's same button, else the previous row's, else the search.
  const focusRow = useFocusAfterRemoval(() => document.getElementById('documents-search'));

  // A new search starts on page 1.
  useEffect(() => setPage(1), [search]);
  // Deleting the last row of the last page leaves that page empty: step back.
  useEffect(() => {
    if (pagination && pagination.totalPages < page && page > 1) setPage(Math.max(1, pagination.totalPages));
  }, [pagination, page]);

  const first = pagination ? (pagination.currentPage - 1) * DOCUMENTS_PAGE_SIZE + 1 : 0;
  const rows = documents.data?.documents ?? [];

  return (
    <div className="space-y-5">
      <DocumentUploadForm
        onUploaded={() => {
          // docs/product.md: after an upload the list returns to page 1 and reloads.
          setSearchInput('');
          setPage(1);
        }}
      />
      <div>
        <Label htmlFor="documents-search">{_('dashboard.records.documents.search')}</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <Input
            id="documents-search"
            type="search"
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
            placeholder={_('dashboard.records.documents.searchPlaceholder')}
            className="pl-9"
          />
        </div>
      </div>
      {documents.isPending && (
        <Spinner className="flex justify-center py-6" label={_('dashboard.records.documents.loading')} />
      )}
      {documents.isError && (
        <LoadError
          title={_('dashboard.records.documents.loadFailed')}
          error={documents.error}
          onRetry={() => documents.refetch()}
        />
      )}
      {documents.data && rows.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          {search ? _('dashboard.records.documents.noMatch', { search }) : _('dashboard.records.documents.none')}
        </p>
      )}
      {rows.length > 0 && (
        <>
          <ul
            aria-label={_('dashboard.records.documents.list')}
            aria-busy={documents.isFetching}
            className="divide-y divide-slate-200 rounded-xl border border-slate-200"
          >
            {rows.map((d) => (
              <DocumentRow key={d.id} document={d} row={focusRow(d.id)} />
            ))}
          </ul>
          {pagination && (
            <div className="space-y-2">
              <Pagination
                page={pagination.currentPage}
                totalPages={pagination.totalPages}
                onPageChange={setPage}
                label={_('dashboard.records.documents.pages')}
              />
              <p className="text-center text-xs text-slate-500" aria-live="polite">
                {_('dashboard.records.documents.showing', {
                  first,
                  last: first + rows.length - 1,
                  total: pagination.totalCount,
                })}
              </p>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function DocumentRow({ document: d, row }: { document: DocumentView; row: object }) {
  const remove = useDeleteDocument();
  const [confirming, setConfirming] = useState(false);
  const [opening, setOpening] = useState(false);
  const { _ } = useLingui();

  const open = async () => {
    // Opened now, inside the click, so no popup blocker interferes; pointed at the file once the link is signed.
    const tab = window.open('', '_blank');
    setOpening(true);
    try {
      const url = await getDocumentAccessUrl(d.id);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener');
      }
    } catch (error) {
      tab?.close();
      toast.error(_('dashboard.records.documents.downloadFailed'), {
        description: messageOf(error, _('dashboard.records.documents.downloadFailedBody')),
      });
    } finally {
      setOpening(false);
    }
  };

  const onDelete = () =>
    remove.mutateAsync(d.id).then(
      () => {
        setConfirming(false);
        toast.success(_('dashboard.records.documents.deleted'), { description: d.title });
      },
      (error) => {
        setConfirming(false);
        toast.error(_('dashboard.records.documents.deleteFailed'), {
          description: messageOf(error, _('dashboard.records.documents.deleteFailedBody')),
        });
      },
    );

  return (
    <li className="flex items-center gap-3 p-3 sm:p-4" {...row}>
      <FileText className="size-5 shrink-0 text-teal-600" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900" title={d.title}>
          {d.title}
        </p>
        <p className="text-xs text-slate-500">
          {typeLabel(d.mimeType, _)} · {formatBytes(d.fileSize)} · {formatDate(d.createdAt)}
        </p>
      </div>
      <div className="flex shrink-0 gap-1">
        <Button
          variant="ghost"
          size="icon"
          aria-label={_('dashboard.records.documents.open', { title: d.title })}
          isLoading={opening}
          onClick={open}
          {...focusControl('open')}
        >
          {!opening && <ExternalLink aria-hidden />}
        </Button>
        <Button
          variant="ghostDanger"
          size="icon"
          aria-label={_('dashboard.records.documents.delete', { title: d.title })}
          onClick={() => setConfirming(true)}
          {...focusControl('delete')}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={_('dashboard.records.documents.deleteTitle')}
        description={_('dashboard.records.documents.deleteDescription', { title: d.title })}
        cancelLabel={_('dashboard.records.cancel')}
        confirmLabel={_('dashboard.records.documents.deleteConfirm')}
        isPending={remove.isPending}
        onConfirm={onDelete}
      />
    </li>
  );
}
