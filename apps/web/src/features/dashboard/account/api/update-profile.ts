import type { ProfileUpdate, PublicUser } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';

/** PUT /users/profile with the server's field names; 400 'No changes were made to save.' on an empty body. */
export const updateProfile = (changes: ProfileUpdate) => api.put<{ user: PublicUser }>('/users/profile', changes);
