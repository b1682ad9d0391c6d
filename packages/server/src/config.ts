import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { environments, type ServiceLevels, type UapEnv } from '@uap/domain';

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
    /**
     * The embedded provider's password-less sign-in runs: always in `local`, elsewhere only
     * with `UAP_DEMO_SIGNIN=allow` (a demo); false when an external issuer is configured.
     */
    demoSignIn: boolean;
  };
  /**
   * Addresses or CIDRs of the reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY);
   * empty: none, the client address is the socket's (a client cannot choose its own address).
   */
  trustProxy: string[];
  rateLimit: {
    /** API calls per minute per person once their token verifies (else per client address). */
    apiPerMinute: number;
    /** Failed sign-ins per account, and per client address, within the window. */
    signInFailures: number;
    signInWindowMinutes: number;
    /**
     * PostgreSQL: the counts are kept in the database, shared by every instance
     * (RATE_LIMIT_SHARED, default true; false: each instance counts in its memory).
     */
    isShared: boolean;
  };
  /**
   * Worker threads that run SQLite's read-only queries, each on its own read-only connection
   * (SQLITE_READ_WORKERS; 0: every query on the one main connection). PostgreSQL ignores it.
   */
  sqliteReadWorkers: number;
  /**
   * A PEM file of the Ed25519 private key that signs exports (AUDIT_SIGNING_KEY_FILE); unset:
   * a key made on first start and kept in the database (docs/operations.md says which to pick).
   */
  auditSigningKeyFile: string | null;
  /**
   * SQLite: how much of the database file, in MB, each connection (the main one and each read
   * worker's) reads through a memory map (SQLITE_MMAP_MB, default 2048, the most this SQLite
   * maps; 0: every page read by a system call). PostgreSQL ignores it.
   */
  sqliteMmapMb: number;
  /**
   * SQLite: how often the planner statistics are refreshed on every connection
   * (PLANNER_STATISTICS_HOURS, default 3; 0: only at start and after a bulk upload).
   */
  plannerStatisticsHours: number;
  /** How long a user's task counts are reused, unless that user writes (TASK_COUNTS_CACHE_SECONDS; 0: never). */
  taskCountsCacheSeconds: number;
  /**
   * How long a caller's profile (id, role) is reused between requests, unless anything is
   * written on this process (ACTOR_CACHE_SECONDS, default 5; 0: read on every request).
   */
  actorCacheSeconds: number;
  /**
   * PostgreSQL: a statement of the app's connections that runs longer than this is cancelled and
   * the call answered 503 (PG_STATEMENT_TIMEOUT_MS, default 30000; 0: no limit). The CSV export's
   * worker, migrations and the command-line tools are not limited.
   */
  pgStatementTimeoutMs: number;
  /** PostgreSQL: the same for a statement waiting for a row or table lock (PG_LOCK_TIMEOUT_MS, default 5000; 0: no limit). */
  pgLockTimeoutMs: number;
  /**
   * On SIGTERM: readiness answers 503 for `delaySeconds` while the instance still serves, so the
   * load balancer stops sending to it (SHUTDOWN_DELAY_SECONDS, default 0); then the listener
   * closes and the calls in flight have `graceSeconds` to finish (SHUTDOWN_GRACE_SECONDS, default
   * 25) before the process leaves anyway.
   */
  shutdown: { delaySeconds: number; graceSeconds: number };
  /**
   * Also encode every answer through its zod schema and refuse (500) one the compiled encoding
   * writes differently (RESPONSE_CHECK=1; the tests set it; see http/serializer.ts).
   */
  checkResponses: boolean;
  /** Bearer token that /metrics requires; unset, /metrics answers 404. */
  metricsToken: string | null;
  /** Bearer secret the identity provider presents to /scim/v2 (SCIM_TOKEN); unset, SCIM answers 404. */
  scimToken: string | null;
  /** Whether this instance runs the scheduled jobs (JOBS_ENABLED, default true; tests start no runner). */
  jobsEnabled: boolean;
  /**
   * The email of the first super administrator (FIRST_SUPER_ADMIN). Set, the first start on a
   * database without any profile creates only that profile, to sign in through the issuer and
   * enter the organisation; unset, the first start loads the demo organisation.
   */
  firstSuperAdmin: string | null;
  dataDir: string;
  webDistDir: string;
  logLevel: string;
  contactEmail: string;
  documentationUrl: string;
  /** The administrators' documentation site (ADMIN_RESOURCES_URL; default: DOCUMENTATION_URL's). */
  adminResourcesUrl: string;
  thirdPartyAgreementUrl: string;
  /** Reports: the embedded report page of /Reports (REPORTS_EMBED_URL); unset, the built-in charts. */
  reportsEmbedUrl: string | null;
  /** Reminders and escalation of waiting tasks (SLA_APPROVAL_HOURS, SLA_PROVISIONING_HOURS). */
  serviceLevels: ServiceLevels;
  // Notifications; links in messages use `publicUrl` (PUBLIC_URL).
  notifications: {
    /** SMTP server of outgoing mail (SMTP_URL, e.g. smtp://user:pass@mail:587); unset, mail stays in the outbox. */
    smtpUrl: string | null;
    /** Sender of every email (MAIL_FROM). */
    mailFrom: string;
    /** Microsoft Teams incoming webhook for administrator events (TEAMS_WEBHOOK_URL); unset, none. */
    teamsWebhookUrl: string | null;
    /** Slack incoming webhook for administrator events (SLACK_WEBHOOK_URL); unset, none. */
    slackWebhookUrl: string | null;
    /** How often the outbox is checked for messages to send (OUTBOX_POLL_SECONDS, default 15). */
    outboxPollSeconds: number;
  };
  /**
   * Days before an access record's end date when its subject and requester are told it ends
   * (EXPIRY_NOTICE_DAYS, default "14,7,1"), largest first.
   */
  expiryNoticeDays: number[];
}

/** A setting that makes the server refuse to start; `main` prints its message as one line. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** An email address setting, lower-cased; unset or empty: null. */
function emailSetting(env: NodeJS.ProcessEnv, name: string): string | null {
  const value = env[name]?.trim();
  if (!value) {
    return null;
  }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
    throw new ConfigError(`${name} must be an email address, got ${value}`);
  }
  return value.toLowerCase();
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The shortest SCIM_TOKEN accepted outside UAP_ENV=local. */
export const MIN_SCIM_TOKEN_LENGTH = 32;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a port number, got ${env.PORT}`);
  }
  const host = env.HOST ?? '127.0.0.1';
  const uapEnv = (env.UAP_ENV ?? 'local') as UapEnv;
  if (!environments.includes(uapEnv)) {
    throw new ConfigError(`UAP_ENV must be one of ${environments.join(', ')}, got ${env.UAP_ENV}`);
  }
  const issuer = env.AUTH_ISSUER ? env.AUTH_ISSUER.replace(/\/$/, '') : null;
  const demoSetting = env.UAP_DEMO_SIGNIN ?? '';
  if (demoSetting !== '' && demoSetting !== 'allow') {
    throw new ConfigError(`UAP_DEMO_SIGNIN must be 'allow' or unset, got ${demoSetting}`);
  }
  // Anyone can sign in as any directory user with the embedded provider: never by accident.
  if (!issuer && uapEnv !== 'local' && demoSetting !== 'allow') {
    throw new ConfigError(
      `Refusing to start: UAP_ENV=${uapEnv} has no AUTH_ISSUER, and the embedded password-less sign-in lets anyone sign in as any user. Set AUTH_ISSUER, or UAP_DEMO_SIGNIN=allow for a demo.`,
    );
  }
  const scimToken = env.SCIM_TOKEN || null;
  // The SCIM token creates, changes and disables directory users: never a guessable one.
  if (scimToken && scimToken.length < MIN_SCIM_TOKEN_LENGTH && uapEnv !== 'local') {
    throw new ConfigError(
      `Refusing to start: SCIM_TOKEN has ${scimToken.length} characters; outside UAP_ENV=local it must have at least ${MIN_SCIM_TOKEN_LENGTH} (a long random secret), as whoever presents it can create and disable users.`,
    );
  }
  const dataDir = path.resolve(env.UAP_DATA_DIR ?? path.join(repoRoot, 'data'));
  return {
    port,
    host,
    databaseUrl: env.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'uap.db')}`,
    publicUrl: (env.PUBLIC_URL ?? `http://${host}:${port}`).replace(/\/$/, ''),
    env: uapEnv,
    auth: {
      issuer,
      audience: env.AUTH_AUDIENCE ?? 'api://uap',
      clientId: env.AUTH_CLIENT_ID ?? 'uap-web',
      scope: env.AUTH_SCOPE ?? 'openid profile email',
      demoSignIn: !issuer,
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimit: {
      apiPerMinute: positiveInteger(env, 'RATE_LIMIT_API_PER_MINUTE', 600),
      signInFailures: positiveInteger(env, 'RATE_LIMIT_SIGNIN_FAILURES', 10),
      signInWindowMinutes: positiveInteger(env, 'RATE_LIMIT_SIGNIN_WINDOW_MINUTES', 15),
      isShared: flagSetting(env, 'RATE_LIMIT_SHARED', true),
    },
    sqliteReadWorkers: wholeNumber(env, 'SQLITE_READ_WORKERS', Math.min(2, os.availableParallelism())),
    auditSigningKeyFile: env.AUDIT_SIGNING_KEY_FILE ? path.resolve(env.AUDIT_SIGNING_KEY_FILE) : null,
    sqliteMmapMb: wholeNumber(env, 'SQLITE_MMAP_MB', 2048),
    plannerStatisticsHours: wholeNumber(env, 'PLANNER_STATISTICS_HOURS', 3),
    taskCountsCacheSeconds: wholeNumber(env, 'TASK_COUNTS_CACHE_SECONDS', 5),
    actorCacheSeconds: wholeNumber(env, 'ACTOR_CACHE_SECONDS', 5),
    pgStatementTimeoutMs: wholeNumber(env, 'PG_STATEMENT_TIMEOUT_MS', 30_000),
    pgLockTimeoutMs: wholeNumber(env, 'PG_LOCK_TIMEOUT_MS', 5_000),
    shutdown: {
      delaySeconds: wholeNumber(env, 'SHUTDOWN_DELAY_SECONDS', 0),
      graceSeconds: positiveInteger(env, 'SHUTDOWN_GRACE_SECONDS', 25),
    },
    checkResponses: flagSetting(env, 'RESPONSE_CHECK', false),
    metricsToken: env.METRICS_TOKEN || null,
    scimToken,
    jobsEnabled: flagSetting(env, 'JOBS_ENABLED', true),
    firstSuperAdmin: emailSetting(env, 'FIRST_SUPER_ADMIN'),
    dataDir,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'packages/web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    contactEmail: env.CONTACT_EMAIL ?? 'uap-support@agency.example',
    documentationUrl: env.DOCUMENTATION_URL ?? 'https://learn.microsoft.com/en-us/entra/identity/',
    adminResourcesUrl:
      env.ADMIN_RESOURCES_URL ?? env.DOCUMENTATION_URL ?? 'https://learn.microsoft.com/en-us/entra/identity/',
    thirdPartyAgreementUrl: env.TPA_URL ?? 'https://www.example.com/third-party-access-agreement',
    // Reports
    reportsEmbedUrl: env.REPORTS_EMBED_URL || null,
    serviceLevels: serviceLevelsFrom(env),
    notifications: {
      smtpUrl: urlSetting(env, 'SMTP_URL', ['smtp:', 'smtps:']),
      mailFrom: env.MAIL_FROM || 'User Access Portal <uap-noreply@agency.example>',
      teamsWebhookUrl: urlSetting(env, 'TEAMS_WEBHOOK_URL', ['https:', 'http:']),
      slackWebhookUrl: urlSetting(env, 'SLACK_WEBHOOK_URL', ['https:', 'http:']),
      outboxPollSeconds: positiveInteger(env, 'OUTBOX_POLL_SECONDS', 15),
    },
    expiryNoticeDays: parseExpiryNoticeDays(env),
  };
}

/**
 * The service levels of waiting tasks, in hours: SLA_APPROVAL_HOURS (default 48) and
 * SLA_PROVISIONING_HOURS (default: the approval level), checked at start; the job runner hands
 * them to the reminders job.
 */
export function serviceLevelsFrom(env: NodeJS.ProcessEnv): ServiceLevels {
  const hours = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') {
      return fallback;
    }
    const value = Number(raw);
    if (!/^\s*\d+(\.\d+)?\s*$/.test(raw) || !Number.isFinite(value) || value <= 0) {
      throw new ConfigError(`${name} must be a number of hours above 0 (e.g. 48), got ${raw}`);
    }
    return value;
  };
  const approvalHours = hours('SLA_APPROVAL_HOURS', 48);
  return { approvalHours, provisioningHours: hours('SLA_PROVISIONING_HOURS', approvalHours) };
}

/**
 * EXPIRY_NOTICE_DAYS: a comma-separated list of whole days (0–365) before an end date, e.g.
 * "14,7,1"; unset or empty: 14, 7 and 1. Returned unique, largest first.
 */
export function parseExpiryNoticeDays(env: NodeJS.ProcessEnv): number[] {
  const raw = env.EXPIRY_NOTICE_DAYS;
  if (raw === undefined || raw.trim() === '') {
    return [14, 7, 1];
  }
  const parts = raw.split(',').map((p) => p.trim());
  const days = parts.map(Number);
  if (parts.some((p) => !/^\d{1,3}$/.test(p)) || days.some((d) => d > 365)) {
    throw new ConfigError(
      `EXPIRY_NOTICE_DAYS must be whole numbers of days from 0 to 365 separated by commas (e.g. 14,7,1), got ${raw}`,
    );
  }
  return [...new Set(days)].sort((a, b) => b - a);
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') {
    return fallback;
  }
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new ConfigError(`${name} must be a whole number of at least 1, got ${raw}`);
  }
  return value;
}

/** An optional URL setting whose protocol must be one of `protocols`; unset or empty: null. */
function urlSetting(env: NodeJS.ProcessEnv, name: string, protocols: readonly string[]): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') {
    return null;
  }
  let protocol = '';
  try {
    protocol = new URL(raw).protocol;
  } catch {
    // reported below
  }
  if (!protocols.includes(protocol)) {
    throw new ConfigError(`${name} must be a ${protocols.join(' or ')} URL`);
  }
  return raw;
}

function flagSetting(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = (env[name] ?? '').toLowerCase();
  if (raw === '') {
    return fallback;
  }
  if (!['true', 'false', '1', '0'].includes(raw)) {
    throw new ConfigError(`${name} must be true or false, got ${env[name]}`);
  }
  return raw === 'true' || raw === '1';
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') {
    return fallback;
  }
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new ConfigError(`${name} must be a whole number (0 or more), got ${raw}`);
  }
  return value;
}

/** proxy-addr's names for address ranges, accepted as Fastify's `trustProxy` accepts them. */
const proxyRangeNames = ['loopback', 'linklocal', 'uniquelocal'];

function parseTrustProxy(raw: string | undefined): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = net.isIP(address);
    const validBits =
      bits === undefined ||
      (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32)) ||
      (family === 4 && net.isIPv4(bits));
    if (!proxyRangeNames.includes(entry) && (family === 0 || !validBits || rest.length > 0)) {
      throw new ConfigError(
        `TRUST_PROXY must list proxy addresses or CIDRs separated by commas, got ${entry}`,
      );
    }
  }
  return entries;
}
