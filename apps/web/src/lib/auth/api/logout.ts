import { api } from '@/lib/api-client';

export const logout = () => api.post<unknown>('/users/logout');
