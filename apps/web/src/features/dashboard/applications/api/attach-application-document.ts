import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplicationView } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { dashboardKeys } from '../../dashboard-keys';
import { uploadDocument } from '../../records/api/upload-document';
import { replaceApplication } from './patient-packet';

export const attachApplicationDocument = (applicationId: string, kind: string, documentId: string) =>
  api.post<{ application: ApplicationView }>(`/applications/${applicationId}/documents`, { kind, documentId });

/** A missing checklist item: the file is uploaded to the patient's documents, then attached to the item. */
export function useUploadForApplication() {
  const queryClient = useQueryClient();
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
      const document = await uploadDocument({ file, title });
      return (await attachApplicationDocument(applicationId, kind, document.id)).data.application;
    },
    onSuccess: (application) => {
      replaceApplication(queryClient, application);
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.documents });
    },
    // The upload may have worked even if attaching did not: the documents list must show it.
    onError: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.documents }),
  });
}
