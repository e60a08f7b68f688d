import { api } from '@/lib/api-client';

/**
 * A signed, short-lived link to a patient's file, asked for at the moment it is opened: the server
 * writes the audit row for this access, so it is never prefetched or cached.
 */
export const getDocumentAccessUrl = async (documentId: string): Promise<string> =>
  (await api.get<{ accessUrl: string }>(`/documents/${encodeURIComponent(documentId)}/access`)).data.accessUrl;
