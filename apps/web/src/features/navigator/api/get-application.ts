import type { AdminApplicationView } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';

/** One application as the console shows it; the server writes the read to the audit log first. */
export const getApplication = async (applicationId: string): Promise<AdminApplicationView> =>
  (await api.get<{ application: AdminApplicationView }>(`/admin/applications/${encodeURIComponent(applicationId)}`))
    .data.application;
