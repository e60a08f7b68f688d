import { api } from '@/lib/api-client';

/** The API checks the code; it never ships in the bundle. 403 'Invalid access code' otherwise. */
export const unlockMaintenance = (code: string) =>
  api.post<{ unlocked: boolean }>('/config/maintenance-unlock', { code });
