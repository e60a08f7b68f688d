import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplicationView } from '@rxbridge/contracts';
import { api, ApiError } from '@/lib/api-client';
import { dashboardKeys } from '../../dashboard-keys';
import { uploadDocument } from '../../records/api/upload-document';
import { replaceApplication } from './patient-packet';

export const attachApplicationDocument = (applicationId: string, kind: string, documentId: string) =>
  api.post<{ application: ApplicationView }>(`/applications/${applicationId}/documents`, { kind, documentId });

/** The same file chosen again for the same item, as a person retries. */
const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.type === b.type;

/**
 * A missing checklist item: the file is uploaded to the patient's documents, then attached to the item. A file stored
 * by an attempt whose attach then failed (a 503, a dropped connection) is attached on the retry, not stored twice: each
 * upload counts against the hour's uploads and the storage quota (docs/product.md §6.4). An attach refused with a 4xx
 * (the document deleted meanwhile) forgets it, and the next attempt uploads anew.
 */
export function useUploadForApplication() {
  const queryClient = useQueryClient();
  const stored = useRef(new Map<string, { file: File; documentId: string }>());
  return useMutation({
    mutationFn: async ({
      applicationId,
      kind,
      file,
      title,
    }: {
      applicationId: string;
      kind: string;
      file: File;
      title: string;
    }) => {
      const item = `${applicationId}:${kind}`;
      const kept = stored.current.get(item);
      const documentId =
        kept && sameFile(kept.file, file) ? kept.documentId : (await uploadDocument({ file, title })).id;
      stored.current.set(item, { file, documentId });
      try {
        const application = (await attachApplicationDocument(applicationId, kind, documentId)).data.application;
        stored.current.delete(item);
        return application;
      } catch (error) {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) stored.current.delete(item);
        throw error;
      }
    },
    onSuccess: (application) => {
      replaceApplication(queryClient, application);
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.documents });
    },
    // The upload may have worked even if attaching did not: the documents list must show it.
    onError: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.documents }),
  });
}
