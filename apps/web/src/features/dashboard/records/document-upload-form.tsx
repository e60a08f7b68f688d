import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { Upload } from 'lucide-react';
import { DOCUMENT_ACCEPT, type DocumentView } from '@rxbridge/contracts';
import { ApiError, messageOf } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { FormAlert } from '@/components/ui/form-alert';
import { cn } from '@/lib/utils';
import { checkUpload, titleFromFileName, useUploadDocument } from './api/upload-document';

/**
 * Choose a file, or drop one on the form (its name, without extension, becomes the title), check
 * it, upload it with a progress bar. Dropped and chosen files pass the same checks and messages.
 */
export function DocumentUploadForm({ onUploaded }: { onUploaded(document: DocumentView): void }) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [dragging, setDragging] = useState(false);
  const upload = useUploadDocument();
  const { _ } = useLingui();
  // Headings of the server's refusals by status: the content is not an allowed type, the file too big.
  const refusal = (status: number) =>
    status === 415
      ? _('dashboard.records.upload.badType')
      : status === 413
        ? _('dashboard.records.upload.tooLarge')
        : undefined;

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setProblem(null);
    if (chosen) setTitle(titleFromFileName(chosen.name));
  };

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const dropped = e.dataTransfer.files?.[0] ?? null;
    if (!dropped) return;
    // The file input shows what was dropped, as if it had been chosen there.
    if (fileInput.current) fileInput.current.files = e.dataTransfer.files;
    choose(dropped);
  };
  const dragOver = (e: DragEvent) => {
    if (!e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const issue = checkUpload(file, title);
    if (issue) {
      setProblem(`${issue.title}: ${issue.message}`);
      toast.error(issue.title, { description: issue.message });
      return;
    }
    setProgress(0);
    upload.mutateAsync({ file: file!, title, onProgress: setProgress }).then(
      (document) => {
        toast.success(_('dashboard.records.upload.done'), { description: document.title });
        setFile(null);
        setTitle('');
        if (fileInput.current) fileInput.current.value = '';
        onUploaded(document);
      },
      (error) => {
        const message = messageOf(error, _('dashboard.records.upload.failedBody'));
        // The server's refusals read like the same checks made before sending (docs/product.md §6.4).
        const heading = (error instanceof ApiError && refusal(error.status)) || _('dashboard.records.upload.failed');
        setProblem(`${heading}: ${message}`);
        toast.error(heading, { description: message });
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      onDragOver={dragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      aria-label={_('dashboard.records.upload.form')}
      className={cn(
        'space-y-3 rounded-xl border-2 border-dashed p-4 transition-colors',
        dragging ? 'border-teal-500 bg-teal-50' : 'border-transparent bg-slate-50',
      )}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-file`}>{_('dashboard.records.upload.file')}</Label>
          <input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            accept={DOCUMENT_ACCEPT}
            aria-describedby={`${id}-rules`}
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
            className="block w-full cursor-pointer rounded-lg border border-slate-300 bg-white text-sm text-slate-700 file:mr-3 file:cursor-pointer file:border-0 file:bg-teal-50 file:px-3 file:py-2.5 file:font-semibold file:text-teal-800 hover:file:bg-teal-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-500"
          />
        </div>
        <div>
          <Label htmlFor={`${id}-title`}>{_('dashboard.records.upload.title')}</Label>
          <Input
            id={`${id}-title`}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder={_('dashboard.records.upload.titlePlaceholder')}
          />
        </div>
      </div>
      <p id={`${id}-rules`} className="text-xs text-slate-500">
        {_('dashboard.records.upload.rules')}
      </p>
      {upload.isPending && (
        <div className="space-y-1">
          <div
            role="progressbar"
            aria-label={_('dashboard.records.upload.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
            className="h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-teal-600 transition-[width]" style={{ width: `${progress * 100}%` }} />
          </div>
          <p className="text-xs text-slate-600" aria-live="polite">
            {progress < 1
              ? _('dashboard.records.upload.uploading', { percent: Math.round(progress * 100) })
              : _('dashboard.records.upload.checking')}
          </p>
        </div>
      )}
      {problem && <FormAlert>{problem}</FormAlert>}
      <div className="flex justify-end">
        <Button type="submit" isLoading={upload.isPending}>
          <Upload aria-hidden /> {_('dashboard.records.upload.submit')}
        </Button>
      </div>
    </form>
  );
}
