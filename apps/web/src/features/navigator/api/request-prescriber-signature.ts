import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PrescriberRequestStatus } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { navigatorKeys } from './keys';

export interface RequestSignatureInput {
  applicationId: string;
  email: string;
}

/** POST /admin/applications/{id}/prescriber-requests: mails the prescriber a signing link (docs/product.md §16). */
export const requestPrescriberSignature = async ({ applicationId, email }: RequestSignatureInput) =>
  api.post<{ prescriberRequest: PrescriberRequestStatus }>(
    `/admin/applications/${encodeURIComponent(applicationId)}/prescriber-requests`,
    { email },
  );

export function useRequestPrescriberSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPrescriberSignature,
    onSettled: () => queryClient.invalidateQueries({ queryKey: navigatorKeys.all }),
  });
}
