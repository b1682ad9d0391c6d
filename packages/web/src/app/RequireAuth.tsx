import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { environmentLook, messages } from '@uap/domain';
import { ApiError } from '../api/client.ts';
import { useLoggedUserQuery } from '../api/user.ts';
import { FullPageMessage, FullPageRetry } from '../components/FullPageMessage.tsx';
import { PendingScreen } from '../components/PendingScreen.tsx';
import { useConfig } from './config-context.ts';
import { CurrentUserContext, toCurrentUser } from '../session/current-user.ts';
import { prefetchPageDataOf } from './pages.ts';
import { useSession } from '../session/session.tsx';
import { Shell } from './shell/Shell.tsx';
import { useLogout } from './shell/use-logout.ts';
import { useUserRevalidation } from '../session/use-user-revalidation.ts';

/**
 * Validates the signed-in user (POST ValidateNewUser) and then shows the shell; validates again
 * while the app stays open, so that a changed role redraws the menus.
 */
function ValidatedUser() {
  const { headerColor } = environmentLook[useConfig().env];
  const { data: user, error, refetch, isFetching } = useLoggedUserQuery();
  useUserRevalidation(user);
  useEffect(() => {
    prefetchPageDataOf(window.location);
  }, []);
  const handleLogout = useLogout();
  const validated = useMemo(() => (user ? toCurrentUser(user) : null), [user]);
  // The answer arrives as an update React must render in one go (a query store's update); the
  // shell and the screen are then drawn in a background render that yields to the browser, so
  // the first draw of a whole screen is not one long task. The spinner stays up meanwhile.
  const current = useDeferredValue(validated);
  if (current) {
    return (
      <CurrentUserContext value={current}>
        <Shell />
      </CurrentUserContext>
    );
  }
  // A 401 has already restarted sign-in: keep spinning until the redirect happens.
  if (error && !validated && !(error instanceof ApiError && error.status === 401)) {
    return (
      <FullPageRetry
        error={error}
        refetch={refetch}
        isFetching={isFetching}
        // Logout lets someone who signed in with the wrong account (e.g. a guest) switch.
        secondary={{ label: 'Logout', onClick: handleLogout }}
      />
    );
  }
  return <PendingScreen label="Checking your access" headerColor={headerColor} />;
}

/** Signs the user in (redirect to the identity provider) when no session is cached. */
export function RequireAuth() {
  const { headerColor } = environmentLook[useConfig().env];
  const auth = useSession();
  const hasStartedSignin = useRef(false);
  const needsSignin = !auth.isLoading && !auth.isAuthenticated && !auth.isRedirecting && !auth.error;

  useEffect(() => {
    if (needsSignin && !hasStartedSignin.current) {
      hasStartedSignin.current = true;
      void auth.signinRedirect();
    }
  }, [needsSignin, auth]);

  if (auth.error && !auth.isAuthenticated) {
    const handleSignin = () => {
      void auth.signinRedirect();
    };
    return <FullPageMessage message={messages.unauthorized} actionLabel="Sign in" onAction={handleSignin} />;
  }
  if (!auth.isAuthenticated) {
    return <PendingScreen label="Signing in" headerColor={headerColor} />;
  }
  return <ValidatedUser />;
}
