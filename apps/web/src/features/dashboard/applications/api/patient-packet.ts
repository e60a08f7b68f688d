import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApplicationView, PatientSignatureRequest, ShipToChoice } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { dashboardKeys } from '../../dashboard-keys';

/** An application's answer replaces it in the cached list at once (the socket's refetch follows). */
export const replaceApplication = (queryClient: QueryClient, application: ApplicationView) =>
  queryClient.setQueryData<ApplicationView[]>(dashboardKeys.applications, (old) =>
    old?.map((a) => (a.id === application.id ? application : a)),
  );

/** POST /applications/{id}/patient-signature (docs/product.md §17). */
export function useSignApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ applicationId, ...body }: PatientSignatureRequest & { applicationId: string }) =>
      (await api.post<{ application: ApplicationView }>(`/applications/${applicationId}/patient-signature`, body)).data
        .application,
    onSuccess: (application) => replaceApplication(queryClient, application),
  });
}

/** PUT /applications/{id}/ship-to (docs/product.md §17). */
export function useChooseShipTo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ applicationId, shipTo }: { applicationId: string; shipTo: ShipToChoice }) =>
      (await api.put<{ application: ApplicationView }>(`/applications/${applicationId}/ship-to`, { shipTo })).data
        .application,
    onSuccess: (application) => replaceApplication(queryClient, application),
  });
}
