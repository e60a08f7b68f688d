import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SESSION_MESSAGES, type AuthResult, type LoginInput, type PublicUser } from '@rxbridge/contracts';
import { messageOf, setUnauthorizedHandler, UserFacingError } from '@/lib/api-client';
import { isFinalAnswer, retryDelay } from '@/lib/query-client';
import { configKey } from '@/lib/runtime-config';
import { tokenStorage } from '@/lib/token-storage';
import { useLanguage } from '@/lib/i18n';
import { authReducer, initialAuthState, type AuthState } from './auth-reducer';
import { login as loginRequest } from './api/login';
import { signup as signupRequest, type SignupRequest } from './api/signup';
import { logout as logoutRequest } from './api/logout';
import { REFRESH_MARGIN_MS, renewSession, storedTokenExpiring } from './session-renewal';
import { profileQueryOptions } from './api/get-profile';
import { authKeys } from './api/keys';
import { signupComplete } from './api/signup-complete';
import { forgetSessionMemory } from './session-memory';

interface AuthContextValue extends AuthState {
  /** True until the stored token (if any) has been checked on start. */
  isInitializing: boolean;
  /** While initializing: the server could not answer the check yet (an outage); the session is kept and asked again. */
  isReconnecting: boolean;
  login(input: LoginInput): Promise<PublicUser>;
  signup(payload: SignupRequest): Promise<AuthResult>;
  logout(): Promise<void>;
  /** Ends the session after the idle limit and says so on the login (docs/product.md §7.2). */
  signOutIdle(): Promise<void>;
  /** Reloads the profile, e.g. after the email was verified. */
  refreshUser(): Promise<void>;
  /** The profile as the server answered a change to it. */
  updateUser(user: PublicUser): void;
  /** Back from checkout: POST /users/signup-complete saves the card and reissues the token. */
  completeSignup(sessionId?: string): Promise<PublicUser>;
  clearError(): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** A network blip must not end a session: a refresh that could not reach the server is tried again. */
const RETRY_UNREACHABLE_MS = 15_000;

/**
 * The start-up profile check, asked until the server gives an answer: a 5xx (a Redis or PostgreSQL outage answers
 * 503, docs/architecture.md §11), a network error, 408 or 429 says nothing about the session, so it is kept and
 * asked again with growing waits; only a final answer (isFinalAnswer) is thrown. Redis losing its data signs no one
 * out (docs/product.md §7.2).
 */
async function profileWhenAnswered<T>(ask: () => Promise<T>, stopped: () => boolean, onWaiting: () => void) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await ask();
    } catch (error) {
      if (isFinalAnswer(error) || stopped()) throw error;
      onWaiting();
      await new Promise((resolve) => setTimeout(resolve, retryDelay(attempt)));
      if (stopped()) throw error;
    }
  }
}

/**
 * Set once the page starts unloading: the browser then aborts requests in flight, and such an
 * abort says nothing about the session, so it must not sign the user out of every tab.
 */
let pageUnloading = false;
if (typeof window !== 'undefined') window.addEventListener('pagehide', () => (pageUnloading = true));

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(authReducer, initialAuthState);
  // Without a stored token there is nothing to check: the first render already shows the visitor's
  // page, as the pre-rendered HTML does (docs/architecture.md §1, What loads first).
  const [startup, setStartup] = useState(() => ({ isInitializing: tokenStorage.hasToken(), isReconnecting: false }));
  const queryClient = useQueryClient();
  const { language, setLanguage } = useLanguage();
  const activeLanguage = useRef(language);
  activeLanguage.current = language;

  /**
   * Where a user arrives (login, signup, a stored session): the profile's language is the truth for a
   * signed-in patient (docs/product.md, Languages), so the app switches to it before the session shows.
   * Staff work in English (the console is): their profile's language changes nothing. True when it switched.
   */
  const followLanguage = useCallback(
    async (user: PublicUser) => {
      if (user.role !== 'USER' || user.preferredLanguage === activeLanguage.current) return false;
      await setLanguage(user.preferredLanguage).catch(() => undefined); // a catalogue that fails to load: stay
      return true;
    },
    [setLanguage],
  );

  const dropSession = useCallback(() => {
    tokenStorage.clear();
    // Keep the runtime settings; everything else belonged to the user.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== configKey[0] });
    dispatch({ type: 'LOGOUT' });
  }, [queryClient]);

  // Whatever way a session ends (a logout, an idle sign-out, a 401), what was kept in memory for it goes.
  useEffect(() => {
    if (!state.isAuthenticated) forgetSessionMemory();
  }, [state.isAuthenticated]);

  // Any 401 means the stored token is no longer good (the client already removed it).
  useEffect(() => {
    setUnauthorizedHandler((code) =>
      dispatch(
        code === 'session-idle' ? { type: 'AUTH_FAILURE', error: SESSION_MESSAGES.sessionIdle } : { type: 'LOGOUT' },
      ),
    );
    return () => setUnauthorizedHandler(null);
  }, []);

  // On start: with a stored token, fetch the profile; without one, loading simply ends.
  useEffect(() => {
    let cancelled = false;
    (async () => {
      if (!tokenStorage.getToken()) {
        dispatch({ type: 'SET_LOADING', isLoading: false });
        return;
      }
      if (storedTokenExpiring() && (await renewSession()) === 'idle') {
        if (cancelled) return;
        dropSession();
        dispatch({ type: 'AUTH_FAILURE', error: SESSION_MESSAGES.sessionIdle });
        return;
      }
      try {
        const user = await profileWhenAnswered(
          () => queryClient.fetchQuery({ ...profileQueryOptions(), retry: false }),
          () => cancelled || pageUnloading,
          () => setStartup({ isInitializing: true, isReconnecting: true }),
        );
        if (cancelled) return;
        // The API answers in the request's language: what was read beside the profile check (in the
        // device's language, app/routes/home.tsx) is dropped, to be read again in the profile's.
        if (user && (await followLanguage(user))) {
          queryClient.removeQueries({
            predicate: (q) => q.queryKey[0] !== configKey[0] && q.queryKey[0] !== authKeys.profile[0],
          });
        }
        if (cancelled) return;
        if (user) dispatch({ type: 'AUTH_SUCCESS', user });
        else dropSession();
      } catch {
        // A final answer (a 401 is handled by the client, a 403 or 404 here): the session is over.
        if (!cancelled && !pageUnloading) dropSession();
      }
    })().finally(() => !cancelled && setStartup({ isInitializing: false, isReconnecting: false }));
    return () => {
      cancelled = true;
    };
  }, [queryClient, dropSession, followLanguage]);

  // Renew the access token shortly before it expires, for as long as the user is signed in.
  useEffect(() => {
    if (!state.isAuthenticated) return;
    let timer: number | undefined;
    const schedule = (wait?: number) => {
      const expiresAt = tokenStorage.getExpiresAt();
      if (expiresAt === null) return;
      timer = window.setTimeout(
        async () => {
          const outcome = await renewSession();
          if (outcome === 'renewed') schedule();
          else if (outcome === 'unreachable') schedule(RETRY_UNREACHABLE_MS);
          else {
            dropSession();
            if (outcome === 'idle') dispatch({ type: 'AUTH_FAILURE', error: SESSION_MESSAGES.sessionIdle });
          }
        },
        wait ?? Math.max(expiresAt - Date.now() - REFRESH_MARGIN_MS, 5_000),
      );
    };
    schedule();
    return () => window.clearTimeout(timer);
  }, [state.isAuthenticated, dropSession]);

  const startSession = useCallback(
    (result: AuthResult) => {
      tokenStorage.save(result);
      queryClient.setQueryData<PublicUser | null>(authKeys.profile, result.user);
      dispatch({ type: 'AUTH_SUCCESS', user: result.user });
    },
    [queryClient],
  );

  const login = useCallback(
    async (input: LoginInput) => {
      dispatch({ type: 'AUTH_START' });
      try {
        const { data } = await loginRequest(input);
        if (!data?.user) throw new UserFacingError(SESSION_MESSAGES.loginNoUser);
        await followLanguage(data.user);
        startSession(data);
        return data.user;
      } catch (error) {
        dispatch({ type: 'AUTH_FAILURE', error: messageOf(error, 'Login failed') });
        throw error;
      }
    },
    [startSession, followLanguage],
  );

  const signup = useCallback(
    async (payload: SignupRequest) => {
      dispatch({ type: 'AUTH_START' });
      try {
        const { data } = await signupRequest(payload);
        if (!data?.user) throw new UserFacingError(SESSION_MESSAGES.signupNoUser);
        await followLanguage(data.user);
        startSession(data);
        return data;
      } catch (error) {
        dispatch({ type: 'AUTH_FAILURE', error: messageOf(error, 'Signup failed') });
        throw error;
      }
    },
    [startSession, followLanguage],
  );

  const logout = useCallback(async () => {
    // The token is removed locally whatever the server answers.
    if (tokenStorage.getToken()) await logoutRequest().catch(() => undefined);
    dropSession();
  }, [dropSession]);

  const signOutIdle = useCallback(async () => {
    if (tokenStorage.getToken()) await logoutRequest().catch(() => undefined);
    dropSession();
    dispatch({ type: 'AUTH_FAILURE', error: SESSION_MESSAGES.sessionIdle });
  }, [dropSession]);

  const refreshUser = useCallback(async () => {
    if (!tokenStorage.getToken()) return;
    const user = await queryClient.fetchQuery({ ...profileQueryOptions(), staleTime: 0 });
    if (user) dispatch({ type: 'AUTH_SUCCESS', user });
  }, [queryClient]);

  const updateUser = useCallback(
    (user: PublicUser) => {
      queryClient.setQueryData<PublicUser | null>(authKeys.profile, user);
      dispatch({ type: 'AUTH_SUCCESS', user });
    },
    [queryClient],
  );

  const completeSignup = useCallback(
    async (sessionId?: string) => {
      const { data } = await signupComplete(sessionId);
      // docs/product.md: signup-complete succeeds only if the answer carries the user.
      if (!data?.user) throw new UserFacingError(SESSION_MESSAGES.signupNoUser);
      if (data.token) tokenStorage.replaceAccessToken(data.token, data.expiresIn);
      updateUser(data.user);
      return data.user;
    },
    [updateUser],
  );

  const clearError = useCallback(() => dispatch({ type: 'CLEAR_ERROR' }), []);

  const value = useMemo(
    () => ({
      ...state,
      ...startup,
      login,
      signup,
      logout,
      signOutIdle,
      refreshUser,
      updateUser,
      completeSignup,
      clearError,
    }),
    [state, startup, login, signup, logout, signOutIdle, refreshUser, updateUser, completeSignup, clearError],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}
