import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DoctorPayload, DoctorView } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { dashboardKeys } from '../../dashboard-keys';

export { doctorSchema } from '@rxbridge/contracts';

/** A new row is created through the bulk endpoint (a list of one); a saved row is updated in place. */
export async function saveDoctor({ id, payload }: { id: string | null; payload: DoctorPayload }): Promise<DoctorView> {
  if (id === null) return (await api.post<{ doctors: DoctorView[] }>('/doctors/bulk', [payload])).data.doctors[0]!;
  return (await api.put<{ doctor: DoctorView }>(`/doctors/${id}`, payload)).data.doctor;
}

export const deleteDoctor = (id: string) => api.delete<unknown>(`/doctors/${id}`);

/**
 * Prescriptions show their doctor's name, so they are refetched with the doctors; and the applications, whose packets
 * print the doctor: a signature given before the change is no longer current (docs/product.md §17).
 */
export function useDoctorMutations() {
  const queryClient = useQueryClient();
  const refetch = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: dashboardKeys.doctors }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.prescriptions }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.applications }),
    ]);
  return {
    save: useMutation({ mutationFn: saveDoctor, onSuccess: refetch }),
    remove: useMutation({ mutationFn: deleteDoctor, onSuccess: refetch }),
  };
}
