import type { PublicUser } from '@rxbridge/contracts';

/** Client auth state (docs/product.md). */
export interface AuthState {
  user: PublicUser | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  error: string | null;
}

export type AuthAction =
  | { type: 'AUTH_START' }
  | { type: 'AUTH_SUCCESS'; user: PublicUser }
  | { type: 'AUTH_FAILURE'; error: string }
  | { type: 'LOGOUT' }
  /** A 401 answered: signs out a signed-in tab, and leaves a signed-out one (and its message) be. */
  | { type: 'SESSION_LOST' }
  | { type: 'CLEAR_ERROR' }
  | { type: 'SET_LOADING'; isLoading: boolean };

// Loading starts true: on start the stored token (if any) is checked before anything is shown.
export const initialAuthState: AuthState = { user: null, isAuthenticated: false, isLoading: true, error: null };

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'AUTH_START':
      return { ...state, isLoading: true, error: null };
    case 'AUTH_SUCCESS':
      return { user: action.user, isAuthenticated: true, isLoading: false, error: null };
    case 'AUTH_FAILURE':
      return { user: null, isAuthenticated: false, isLoading: false, error: action.error };
    case 'LOGOUT':
      return { user: null, isAuthenticated: false, isLoading: false, error: null };
    case 'SESSION_LOST':
      return state.isAuthenticated ? { user: null, isAuthenticated: false, isLoading: false, error: null } : state;
    case 'CLEAR_ERROR':
      return { ...state, error: null };
    case 'SET_LOADING':
      return { ...state, isLoading: action.isLoading };
  }
}
