import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_MIME_TYPES, MAX_DOCUMENT_BYTES, MESSAGES, type DocumentView } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { localized } from '../../localized';
import { dashboardKeys } from '../../dashboard-keys';

/** Extensions of the allowed types, for files whose type the browser does not know. */
const EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'gif', 'doc', 'docx', 'txt'];

export interface UploadProblem {
  title: string;
  message: string;
}

/** The checks of docs/product.md, before anything is sent (the server checks the content again). */
export function checkUpload(file: File | null | undefined, title: string): UploadProblem | null {
  if (!file || !title.trim())
    return { title: i18n._('dashboard.records.upload.missing'), message: localized(MESSAGES.missingFileOrTitle) };
  if (file.size > MAX_DOCUMENT_BYTES)
    return { title: i18n._('dashboard.records.upload.tooLarge'), message: localized(MESSAGES.fileTooLarge) };
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = file.type
    ? (DOCUMENT_MIME_TYPES as readonly string[]).includes(file.type)
    : EXTENSIONS.includes(extension);
  if (!typeOk)
    return { title: i18n._('dashboard.records.upload.badType'), message: localized(MESSAGES.invalidFileType) };
  return null;
}

/** "Lab results.final.pdf" -> "Lab results.final". */
export const titleFromFileName = (name: string) => name.replace(/\.[^.]+$/, '');

export async function uploadDocument({
  file,
  title,
  onProgress,
}: {
  file: File;
  title: string;
  /** How much of the file was sent, 0 to 1. */
  onProgress?: (sent: number) => void;
}): Promise<DocumentView> {
  const form = new FormData();
  form.append('title', title.trim());
  form.append('document', file);
  return (await api.uploadWithProgress<{ document: DocumentView }>('/documents/upload', form, onProgress ?? (() => {})))
    .data.document;
}

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.documents }),
  });
}
