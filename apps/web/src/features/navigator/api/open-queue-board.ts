import { api } from '@/lib/api-client';

/**
 * Asks for a Bull Board session (a short-lived HttpOnly cookie scoped to /admin/queues) at the
 * moment the board is opened; answers where the board is.
 */
export const openQueueBoard = async (): Promise<string> =>
  (await api.post<{ url: string }>('/admin/queues/board-session')).data.url;
