import { createBrowserRouter, Navigate } from 'react-router';
import { messages, routeTable } from '@uap/domain';
import { FullPageMessage } from '../components/FullPageMessage.tsx';
import { PendingScreen } from '../components/PendingScreen.tsx';
import { signinCallbackPath } from '../session/auth.ts';
import { RequireAuth } from './RequireAuth.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';
import { NotFoundPage, RouteGuard } from './RouteGuard.tsx';

const reload = () => {
  window.location.reload();
};

/** The decision page's code could not be loaded (a new build may be out): never a blank page. */
function DecideLoadFailure() {
  return <FullPageMessage message={messages.appPartNotLoaded} actionLabel="Reload" onAction={reload} />;
}

/** Every route of the spec's table behind sign-in and the role guard, inside the shell. */
function createRouter() {
  return createBrowserRouter([
    {
      path: signinCallbackPath,
      // Loaded only when the identity provider sends the user back.
      lazy: async () => ({
        Component: (await import('../pages/SigninCallback/SigninCallbackPage.tsx')).SigninCallbackPage,
      }),
    },
    {
      // A mail's decision link: public (opening it changes nothing; the page's button decides),
      // outside the sign-in and the shell. Its code loads only when a link is opened.
      path: '/Decide/:token',
      lazy: async () => ({
        Component: (await import('../pages/Decide/DecidePage.tsx')).DecidePage,
      }),
      errorElement: <DecideLoadFailure />,
      hydrateFallbackElement: <PendingScreen label="Loading" />,
    },
    {
      element: <RequireAuth />,
      children: [
        {
          // Pathless so that a failing screen (e.g. a chunk that no longer exists) keeps the shell.
          errorElement: <RouteErrorPage />,
          children: [
            { path: '/Null', element: <Navigate to="/" replace /> },
            // Keyed by route: a new screen mounts its own Suspense boundary, so a click shows the
            // new heading and the loading spinner at once (and the menu moves its highlight) while
            // the screen's code arrives, instead of holding the old screen until then.
            ...routeTable.map((entry) => ({
              path: entry.path,
              element: <RouteGuard key={entry.path} entry={entry} />,
            })),
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}

let router: ReturnType<typeof createRouter> | null = null;

/**
 * The router, made on first use: matching the route table's paths is compiled when it is made,
 * which app/start.tsx does in a task of its own before React's first draw (not while the page's
 * scripts are evaluated).
 */
export function getRouter(): ReturnType<typeof createRouter> {
  router ??= createRouter();
  return router;
}
