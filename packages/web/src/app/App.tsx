import { lazy, Suspense } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { messages } from '@uap/domain';
import { useErrorNotices } from '../api/error-store.ts';
import { FullPageMessage } from '../components/FullPageMessage.tsx';
import { LoadFailureBoundary } from '../components/LoadFailureBoundary.tsx';
import { PlainErrorNotice } from '../components/PlainErrorNotice.tsx';
import { useSuccessNotice } from '../api/notice-store.ts';
import { returnToOf } from '../session/auth.ts';
import { useConfig } from './config-context.ts';
import { ConfigGate } from './ConfigGate.tsx';
import { queryClient } from './query-client.ts';
import { getRouter } from './router.tsx';
import { SessionProvider } from '../session/session.tsx';
import { getTheme } from './theme.ts';

const ErrorDialog = lazy(() =>
  import('../components/ErrorDialog.tsx').then((m) => ({ default: m.ErrorDialog })),
);

/** The error dialog, downloaded with the first error (it is not part of the first load). */
function ErrorDialogWhenNeeded() {
  const notices = useErrorNotices();
  if (notices.length === 0) {
    return null;
  }
  return (
    <LoadFailureBoundary fallback={<PlainErrorNotice />}>
      <Suspense fallback={null}>
        <ErrorDialog />
      </Suspense>
    </LoadFailureBoundary>
  );
}

const SuccessSnackbar = lazy(() =>
  import('../components/SuccessSnackbar.tsx').then((m) => ({ default: m.SuccessSnackbar })),
);

/**
 * The success message, downloaded with the first one: its MUI parts (snackbar, alert) are not
 * part of the first load, whose scripts' evaluation is one of its longest tasks.
 */
function SuccessSnackbarWhenNeeded() {
  const notice = useSuccessNotice();
  if (!notice) {
    return null;
  }
  return (
    <LoadFailureBoundary fallback={null}>
      <Suspense fallback={null}>
        <SuccessSnackbar navigate={(to) => void getRouter().navigate(to)} />
      </Suspense>
    </LoadFailureBoundary>
  );
}

/** After the identity provider sends the user back: go where they were going. */
async function handleSigninCallback(state: unknown): Promise<void> {
  await getRouter().navigate(returnToOf(state), { replace: true });
}

function SignedInApp() {
  const config = useConfig();
  return (
    <SessionProvider config={config} onSigninCallback={handleSigninCallback}>
      <RouterProvider router={getRouter()} />
    </SessionProvider>
  );
}

const reload = () => {
  window.location.reload();
};

/** Whatever failed outside a screen (those have their own error page): never a blank page. */
function AppFailure() {
  return <FullPageMessage message={messages.appPartNotLoaded} actionLabel="Reload" onAction={reload} />;
}

/** Providers, from the outside in: look, data cache, configuration, sign-in, routes. */
export function App() {
  return (
    <ThemeProvider theme={getTheme()}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <LoadFailureBoundary fallback={<AppFailure />}>
          <ConfigGate>
            <SignedInApp />
          </ConfigGate>
        </LoadFailureBoundary>
        <ErrorDialogWhenNeeded />
        <SuccessSnackbarWhenNeeded />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
