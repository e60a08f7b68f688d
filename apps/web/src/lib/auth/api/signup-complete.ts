import type { AuthResult } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';

export type SignupCompleteResult = Omit<AuthResult, 'refreshToken'>;

/** After checkout: saves the card from the session at once and reissues the access token. */
export const signupComplete = (sessionId?: string) =>
  api.post<SignupCompleteResult>('/users/signup-complete', sessionId ? { sessionId } : {});
