import type { AuthResult, SignupPayload } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';

export { signupSchema } from '@rxbridge/contracts';

/** confirmPassword never leaves the browser (docs/product.md). */
export type SignupRequest = Omit<SignupPayload, 'confirmPassword'> & { role: 'USER'; prescriptionCount: number };

export const signup = (payload: SignupRequest) => api.post<AuthResult>('/users/signup', payload);
