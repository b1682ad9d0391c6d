import { createBrowserRouter, Navigate } from 'react-router';
import { routeTable } from '@uap/domain';
import { signinCallbackPath } from './auth.ts';
import { RequireAuth } from './RequireAuth.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';
import { NotFoundPage, RouteGuard } from './RouteGuard.tsx';

/** Every route of the spec's table behind sign-in and the role guard, inside the shell. */
export const router = createBrowserRouter([
  {
    path: signinCallbackPath,
    // Loaded only when the identity provider sends the user back.
    lazy: async () => ({
      Component: (await import('../pages/SigninCallback/SigninCallbackPage.tsx')).SigninCallbackPage,
    }),
  },
  {
    element: <RequireAuth />,
    children: [
      {
        // Pathless so that a failing screen (e.g. a chunk that no longer exists) keeps the shell.
        errorElement: <RouteErrorPage />,
        children: [
          { path: '/Null', element: <Navigate to="/" replace /> },
          ...routeTable.map((entry) => ({ path: entry.path, element: <RouteGuard entry={entry} /> })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
