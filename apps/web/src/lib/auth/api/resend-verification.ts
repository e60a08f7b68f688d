import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { SESSION_MESSAGES, type Language } from '@rxbridge/contracts';
import { api, messageOf, UserFacingError } from '@/lib/api-client';
import { tokenStorage } from '@/lib/token-storage';
import { i18n, loadCatalogs } from '@/lib/i18n';

const language = () => (i18n.locale || 'en') as Language;

/** Needs the stored login token (bearer). */
export const resendVerification = () => api.post<unknown>('/auth/resend-verification');

/** The resend button of the dashboard and of the verify-email page, with the toasts of docs/product.md. */
export function useResendVerification() {
  return useMutation({
    mutationFn: async () => {
      if (!tokenStorage.getToken()) {
        // Said in the page's language: most who open the link from their email are not signed in here.
        const { localizeMessage } = await import('@/lib/localize-message');
        throw new UserFacingError(localizeMessage(SESSION_MESSAGES.resendNeedsLogin, language()));
      }
      return resendVerification();
    },
    // The Spanish tables (and the schemas beside them) load only for this fallback: the dashboard's
    // first screen shows this button (docs/architecture.md §1, What loads first).
    onSuccess: async ({ message }) =>
      toast.success(
        message ??
          (await import('@/lib/localize-message')).localizeMessage(SESSION_MESSAGES.verificationSent, language()),
      ),
    // The dashboard's banner may not have the auth catalogue yet: it is fetched before the toast speaks.
    onError: async (error) => {
      await loadCatalogs(['auth']).catch(() => undefined);
      const failed = i18n._('auth.resend.failed');
      toast.error(failed, { description: messageOf(error, failed) });
    },
  });
}
