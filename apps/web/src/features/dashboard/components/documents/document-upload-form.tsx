import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Upload } from 'lucide-react';
import { DOCUMENT_ACCEPT, type DocumentView } from '@rxbridge/contracts';
import { ApiError, messageOf } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { FormAlert } from '@/components/ui/form-alert';
import { checkUpload, titleFromFileName, useUploadDocument } from '../../api/upload-document';

/** Headings of the server's refusals by status: the content is not an allowed type, the file too big. */
const SERVER_REFUSALS: Record<number, string> = { 415: 'Invalid file type', 413: 'File too large' };

/** Choose a file (its name, without extension, becomes the title), check it, upload it. */
export function DocumentUploadForm({ onUploaded }: { onUploaded(document: DocumentView): void }) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadDocument();

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setProblem(null);
    if (chosen) setTitle(titleFromFileName(chosen.name));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const issue = checkUpload(file, title);
    if (issue) {
      setProblem(`${issue.title}: ${issue.message}`);
      toast.error(issue.title, { description: issue.message });
      return;
    }
    upload.mutateAsync({ file: file!, title }).then(
      (document) => {
        toast.success('Document uploaded', { description: document.title });
        setFile(null);
        setTitle('');
        if (fileInput.current) fileInput.current.value = '';
        onUploaded(document);
      },
      (error) => {
        const message = messageOf(error, 'Failed to upload document');
        // The server's refusals read like the same checks made before sending (docs/product.md §6.4).
        const heading =
          error instanceof ApiError ? (SERVER_REFUSALS[error.status] ?? 'Upload failed') : 'Upload failed';
        setProblem(`${heading}: ${message}`);
        toast.error(heading, { description: message });
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Upload a document" className="space-y-3 rounded-xl bg-slate-50 p-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-file`}>File</Label>
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
          <Label htmlFor={`${id}-title`}>Title</Label>
          <Input
            id={`${id}-title`}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder="e.g. Proof of income 2025"
          />
        </div>
      </div>
      <p id={`${id}-rules`} className="text-xs text-slate-500">
        PDF, images (JPEG, PNG, GIF), Word documents or text files, up to 10 MB.
      </p>
      {problem && <FormAlert>{problem}</FormAlert>}
      <div className="flex justify-end">
        <Button type="submit" isLoading={upload.isPending}>
          <Upload aria-hidden /> Upload
        </Button>
      </div>
    </form>
  );
}
