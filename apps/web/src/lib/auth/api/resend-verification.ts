import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { MESSAGES } from '@rxbridge/contracts';
import { api, messageOf, UserFacingError } from '@/lib/api-client';
import { tokenStorage } from '@/lib/token-storage';

/** Needs the stored login token (bearer). */
export const resendVerification = () => api.post<unknown>('/auth/resend-verification');

/** The resend button of the dashboard and of the verify-email page, with the toasts of docs/product.md. */
export function useResendVerification() {
  return useMutation({
    mutationFn: async () => {
      if (!tokenStorage.getToken()) throw new UserFacingError(MESSAGES.resendNeedsLogin);
      return resendVerification();
    },
    onSuccess: ({ message }) => toast.success(message ?? MESSAGES.verificationSent),
    onError: (error) =>
      toast.error('Failed to resend verification email', {
        description: messageOf(error, 'Failed to resend verification email'),
      }),
  });
}
