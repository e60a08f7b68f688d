import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  PrescriptionPayload,
  PrescriptionsAddedAnswer,
  PrescriptionView,
  SubscriptionUpdate,
} from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { dashboardKeys } from '../../dashboard-keys';

export { prescriptionSchema } from '@rxbridge/contracts';

export interface SavedPrescription {
  prescription: PrescriptionView;
  created: boolean;
  /** Set when a new prescription was added: { checkoutUrl } when the paid plan still has no card. */
  subscriptionUpdate: SubscriptionUpdate | null;
}

/** doctorId is sent only when one is chosen (docs/product.md). */
const body = ({ doctorId, ...rest }: PrescriptionPayload) => (doctorId ? { ...rest, doctorId } : rest);

export async function savePrescription({
  id,
  payload,
}: {
  id: string | null;
  payload: PrescriptionPayload;
}): Promise<SavedPrescription> {
  if (id === null) {
    const { data } = await api.post<PrescriptionsAddedAnswer>('/prescriptions/bulk', [body(payload)]);
    return { prescription: data.prescriptions[0]!, created: true, subscriptionUpdate: data.subscriptionUpdate ?? null };
  }
  const { data } = await api.put<{ prescription: PrescriptionView }>(`/prescriptions/${id}`, body(payload));
  return { prescription: data.prescription, created: false, subscriptionUpdate: null };
}

export const deletePrescription = (id: string) => api.delete<unknown>(`/prescriptions/${id}`);

/** A prescription opens or closes an application and changes the price: those are refetched too. */
export function usePrescriptionMutations() {
  const queryClient = useQueryClient();
  const refetch = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: dashboardKeys.prescriptions }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.applications }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.billing }),
    ]);
  return {
    save: useMutation({ mutationFn: savePrescription, onSuccess: refetch }),
    remove: useMutation({ mutationFn: deletePrescription, onSuccess: refetch }),
  };
}
