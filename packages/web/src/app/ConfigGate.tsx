import type { ReactNode } from 'react';
import { usePublicConfigQuery } from '../api/config.ts';
import { FullPageRetry } from '../components/FullPageMessage.tsx';
import { PendingScreen } from '../components/PendingScreen.tsx';
import { ConfigContext } from './config-context.ts';

/** Loads GET /api/config before anything else: sign-in needs the issuer it names. */
export function ConfigGate({ children }: { children: ReactNode }) {
  const { data: config, error, refetch, isFetching } = usePublicConfigQuery();
  if (config) {
    return <ConfigContext value={config}>{children}</ConfigContext>;
  }
  if (error) {
    return <FullPageRetry error={error} refetch={refetch} isFetching={isFetching} />;
  }
  return <PendingScreen label="Loading" />;
}
