import { createContext, useContext } from 'react';
import type { PublicConfig } from '@uap/domain';

export const ConfigContext = createContext<PublicConfig | null>(null);

/** The public configuration; available everywhere below ConfigGate. */
export function useConfig(): PublicConfig {
  const config = useContext(ConfigContext);
  if (!config) {
    throw new Error('useConfig is used outside ConfigGate.');
  }
  return config;
}
