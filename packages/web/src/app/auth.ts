import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
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

function createUserManager(config: PublicConfig): UserManager {
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

  let isRedirecting = false;
  setApiAuth({
    getAccessToken: async () => (await manager.getUser())?.access_token ?? null,
    onUnauthorized: () => {
      if (!isRedirecting) {
        isRedirecting = true;
        void manager.signinRedirect({ state: signinState() });
      }
    },
  });
  return manager;
}

let userManager: UserManager | null = null;

/** The one UserManager of the page (created once: it runs the token renewal timers). */
export function getUserManager(config: PublicConfig): UserManager {
  userManager ??= createUserManager(config);
  return userManager;
}
