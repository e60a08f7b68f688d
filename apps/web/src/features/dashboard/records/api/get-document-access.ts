import { api } from '@/lib/api-client';

/** A signed, short-lived link to the file: asked for at the moment it is opened, never cached. */
export const getDocumentAccessUrl = async (id: string): Promise<string> =>
  (await api.get<{ accessUrl: string }>(`/documents/${id}/access`)).data.accessUrl;
