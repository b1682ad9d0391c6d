import path from 'node:path';
import { environments, type UapEnv } from '@uap/domain';

/** Typed configuration read once from the environment (README lists every variable). */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  /** Public base URL of this server, used for the embedded issuer and redirect URIs. */
  publicUrl: string;
  env: UapEnv;
  auth: {
    /** Set for an external OIDC issuer; unset runs the embedded identity provider. */
    issuer: string | null;
    audience: string;
    clientId: string;
    scope: string;
  };
  dataDir: string;
  webDistDir: string;
  logLevel: string;
  contactEmail: string;
  documentationUrl: string;
  thirdPartyAgreementUrl: string;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  }
  const host = env.HOST ?? '127.0.0.1';
  const uapEnv = (env.UAP_ENV ?? 'local') as UapEnv;
  if (!environments.includes(uapEnv)) {
    throw new Error(`UAP_ENV must be one of ${environments.join(', ')}, got ${env.UAP_ENV}`);
  }
  const dataDir = path.resolve(env.UAP_DATA_DIR ?? path.join(repoRoot, 'data'));
  return {
    port,
    host,
    databaseUrl: env.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'uap.db')}`,
    publicUrl: (env.PUBLIC_URL ?? `http://${host}:${port}`).replace(/\/$/, ''),
    env: uapEnv,
    auth: {
      issuer: env.AUTH_ISSUER ? env.AUTH_ISSUER.replace(/\/$/, '') : null,
      audience: env.AUTH_AUDIENCE ?? 'api://uap',
      clientId: env.AUTH_CLIENT_ID ?? 'uap-web',
      scope: env.AUTH_SCOPE ?? 'openid profile email',
    },
    dataDir,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'packages/web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    contactEmail: env.CONTACT_EMAIL ?? 'uap-support@agency.example',
    documentationUrl: env.DOCUMENTATION_URL ?? 'https://learn.microsoft.com/en-us/entra/identity/',
    thirdPartyAgreementUrl: env.TPA_URL ?? 'https://www.example.com/third-party-access-agreement',
  };
}
