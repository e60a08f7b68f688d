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
    // A tab already signed out keeps what its sign-out said: a 401 of a request that was in flight
    // as it signed out must not clear "You were signed out after a period of inactivity".
    case 'LOGOUT':
      return {
        user: null,
        isAuthenticated: false,
        isLoading: false,
        error: state.isAuthenticated ? null : state.error,
      };
    case 'CLEAR_ERROR':
      return { ...state, error: null };
    case 'SET_LOADING':
      return { ...state, isLoading: action.isLoading };
  }
}
