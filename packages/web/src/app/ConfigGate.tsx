import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import { messages } from '@uap/domain';
import { usePublicConfigQuery } from '../api/config.ts';
import { FullPageMessage } from '../components/FullPageMessage.tsx';
import { PendingScreen } from '../components/PendingScreen.tsx';
import { ConfigContext } from './config-context.ts';

/** Loads GET /api/config before anything else: sign-in needs the issuer it names. */
export function ConfigGate({ children }: { children: ReactNode }) {
  const { data: config, error, refetch, isFetching } = usePublicConfigQuery();
  if (config) {
    return <ConfigContext value={config}>{children}</ConfigContext>;
  }
  if (error) {
    const handleRetry = () => {
      void refetch();
    };
    return (
      <FullPageMessage
        title={messages.errorTitle}
        message={error.message}
        action={
          <Button variant="contained" onClick={handleRetry} disabled={isFetching}>
            Try again
          </Button>
        }
      />
    );
  }
  return <PendingScreen label="Loading" />;
}
