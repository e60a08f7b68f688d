import type { AuthResult, LoginInput } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';

export { loginSchema } from '@rxbridge/contracts';

export const login = (input: LoginInput) => api.post<AuthResult>('/users/login', input);
