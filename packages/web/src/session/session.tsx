import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { PublicConfig } from '@uap/domain';
import {
  connectApiAuth,
  hasAuthParams,
  loadUserManager,
  readStoredSession,
  signinCallbackPath,
  signinState,
  type User,
} from './auth.ts';

/** The signed-in session as the screens see it. */
export interface Session {
  /** True until it is known whether someone is signed in. */
  isLoading: boolean;
  isAuthenticated: boolean;
  accessToken: string | null;
  /** A failed sign-in or sign-out. */
  error: Error | null;
  /** A redirect to the identity provider has started. */
  isRedirecting: boolean;
  signinRedirect: () => Promise<void>;
  signoutRedirect: () => Promise<void>;
}

interface SessionState {
  isLoading: boolean;
  accessToken: string | null;
  error: Error | null;
  isRedirecting: boolean;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) {
    throw new Error('useSession must be used inside a SessionProvider.');
  }
  return session;
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

const tokenOf = (user: User | null) => (user && !user.expired ? user.access_token : null);

/** Starts work once the browser is idle (or after a short wait where it has no idle callback). */
function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) {
    window.requestIdleCallback(work, { timeout: 2000 });
  } else {
    setTimeout(work, 500);
  }
}

interface SessionProviderProps {
  config: PublicConfig;
  /** After the identity provider sends the user back, with the state the sign-in carried. */
  onSigninCallback: (state: unknown) => Promise<void>;
  children: ReactNode;
}

/**
 * Sign-in through oidc-client-ts, whose code is not part of the first load: a valid session left
 * in session storage signs the user in at once, and the library (token renewal, sign-out) follows
 * when the browser is idle. Without one, or on the way back from the provider, the library loads
 * first.
 */
export function SessionProvider({ config, onSigninCallback, children }: SessionProviderProps) {
  const [state, setState] = useState<SessionState>(() => {
    // Before the first render: the screens below ask the API for data in their first effects.
    connectApiAuth(config);
    const isCallback = window.location.pathname === signinCallbackPath && hasAuthParams();
    const stored = isCallback ? null : readStoredSession(config);
    return {
      isLoading: stored === null,
      accessToken: stored?.access_token ?? null,
      error: null,
      isRedirecting: false,
    };
  });
  const update = useCallback((patch: Partial<SessionState>) => {
    // Same values keep the same state, so the tree below does not draw again for nothing.
    setState((previous) =>
      Object.entries(patch).every(([key, value]) => previous[key as keyof SessionState] === value)
        ? previous
        : { ...previous, ...patch },
    );
  }, []);

  useEffect(() => {
    let isCancelled = false;
    const start = async () => {
      const manager = await loadUserManager(config);
      if (isCancelled) {
        return;
      }
      manager.events.addUserLoaded((user) => update({ accessToken: tokenOf(user) }));
      manager.events.addUserUnloaded(() => update({ accessToken: null }));
      manager.events.addUserSignedOut(() => update({ accessToken: null }));
      try {
        let user: User | null = null;
        if (window.location.pathname === signinCallbackPath && hasAuthParams()) {
          user = (await manager.signinCallback()) ?? null;
          await onSigninCallback(user?.state);
        }
        user ??= await manager.getUser();
        update({ isLoading: false, accessToken: tokenOf(user), error: null });
      } catch (error) {
        update({ isLoading: false, error: asError(error) });
      }
    };
    if (state.isLoading) {
      void start();
    } else {
      whenIdle(() => void start());
    }
    return () => {
      isCancelled = true;
    };
    // Once per page: the configuration does not change while it is open.
  }, []);

  const session = useMemo<Session>(() => {
    const redirect = async (go: (manager: Awaited<ReturnType<typeof loadUserManager>>) => Promise<void>) => {
      update({ isRedirecting: true });
      try {
        await go(await loadUserManager(config));
      } catch (error) {
        update({ isRedirecting: false, error: asError(error) });
      }
    };
    return {
      ...state,
      isAuthenticated: state.accessToken !== null,
      signinRedirect: () => redirect((manager) => manager.signinRedirect({ state: signinState() })),
      signoutRedirect: () => redirect((manager) => manager.signoutRedirect()),
    };
  }, [state, config, update]);

  return <SessionContext value={session}>{children}</SessionContext>;
}
