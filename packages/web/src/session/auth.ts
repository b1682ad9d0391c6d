import type { User, UserManager } from 'oidc-client-ts';
import type { PublicConfig } from '@uap/domain';
import { setApiAuth } from '../api/client.ts';

export const signinCallbackPath = '/signin-callback';

/** What travels through the identity provider and back: where the user was going. */
interface SigninState {
  returnTo: string;
}

export function currentLocation(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

export function signinState(): SigninState {
  return { returnTo: currentLocation() };
}

/** The returnTo of a sign-in, only when it is a path of this site. */
export function returnToOf(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'returnTo' in state) {
    const { returnTo } = state;
    const isLocalPath =
      typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//');
    if (isLocalPath && !returnTo.startsWith(signinCallbackPath)) {
      return returnTo;
    }
  }
  return '/';
}

/** Whether the address carries the provider's answer to a sign-in (code or error, with state). */
export function hasAuthParams(location: Pick<Location, 'search' | 'hash'> = window.location): boolean {
  return [location.search, location.hash.replace('#', '?')].some((query) => {
    const params = new URLSearchParams(query);
    return Boolean((params.get('code') ?? params.get('error')) && params.get('state'));
  });
}

/** The part of oidc-client-ts' stored user the app reads. */
export interface StoredSession {
  access_token: string;
  /** Seconds since the epoch. */
  expires_at?: number;
}

/** oidc-client-ts' key for the signed-in user in its user store (session storage). */
function storeKey(config: PublicConfig): string {
  return `oidc.user:${config.authority}:${config.clientId}`;
}

/**
 * The session oidc-client-ts left in session storage, when it is still valid: read without the
 * library, so a signed-in user's first screen does not wait for it to download.
 */
export function readStoredSession(config: PublicConfig): StoredSession | null {
  try {
    const stored = window.sessionStorage.getItem(storeKey(config));
    const session = stored === null ? null : (JSON.parse(stored) as Partial<StoredSession>);
    if (typeof session?.access_token !== 'string') {
      return null;
    }
    const isExpired = typeof session.expires_at === 'number' && session.expires_at * 1000 <= Date.now();
    return isExpired ? null : { access_token: session.access_token, expires_at: session.expires_at };
  } catch {
    return null;
  }
}

async function createUserManager(config: PublicConfig): Promise<UserManager> {
  const { UserManager, WebStorageStateStore } = await import('oidc-client-ts');
  const { origin } = window.location;
  const resourceParams = config.resource === null ? undefined : { resource: config.resource };
  const manager = new UserManager({
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: `${origin}${signinCallbackPath}`,
    post_logout_redirect_uri: `${origin}/`,
    scope: config.scope,
    response_type: 'code',
    // The spec keeps the session cache in session storage.
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
    automaticSilentRenew: true,
    extraQueryParams: resourceParams,
    extraTokenParams: resourceParams,
  });
  // Spec: the page reloads when a token refresh reports a problem.
  manager.events.addSilentRenewError(() => {
    window.location.reload();
  });
  loadedManager = manager;
  return manager;
}

let userManager: Promise<UserManager> | null = null;
let loadedManager: UserManager | null = null;

/**
 * The one UserManager of the page (created once: it runs the token renewal timers). The library
 * is downloaded on first use, outside the first load.
 */
export function loadUserManager(config: PublicConfig): Promise<UserManager> {
  userManager ??= createUserManager(config);
  return userManager;
}

/**
 * Gives the API client its token and its way back to sign-in. Until the library has loaded,
 * the token comes from the stored session.
 */
export function connectApiAuth(config: PublicConfig): void {
  let isRedirecting = false;
  setApiAuth({
    getAccessToken: async () =>
      loadedManager
        ? ((await loadedManager.getUser())?.access_token ?? null)
        : (readStoredSession(config)?.access_token ?? null),
    onUnauthorized: () => {
      if (!isRedirecting) {
        isRedirecting = true;
        void loadUserManager(config).then((manager) => manager.signinRedirect({ state: signinState() }));
      }
    },
  });
}

export type { User };
