import { roleDescriptions } from '@uap/domain';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openConfiguredDb, openDb } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedFirstStart } from './db/seed/index.ts';
import { demoAccounts } from './auth/demo-accounts.ts';
import { drainAndClose } from './lifecycle.ts';

/** `npm start`: migrate, load the first start's data (the demo, or FIRST_SUPER_ADMIN), serve UAP. */
async function main() {
  const config = loadConfig();
  const db = openConfiguredDb(config);
  // Migrations and the first seed may build indexes on large tables: on PostgreSQL they run on
  // connections without the serving statement limits (PG_STATEMENT_TIMEOUT_MS).
  const setupDb = db.dialect === 'postgres' ? openDb(config.databaseUrl) : db;
  const applied = await migrateToLatest(setupDb);
  if (applied.length > 0) {
    console.log(`Applied ${applied.length} migration(s): ${applied.join(', ')}`);
  }
  const started = Date.now();
  const loaded = await seedFirstStart(setupDb, config.firstSuperAdmin);
  if (loaded === 'demo') {
    console.log(`First run: the demo organisation loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else if (loaded === 'superAdmin') {
    console.log(
      `First run: ${config.firstSuperAdmin} is the super administrator; sign in to enter the organisation.`,
    );
  }
  if (setupDb !== db) {
    await setupDb.kysely.destroy();
  }
  const app = await buildApp({
    config,
    db,
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
  });
  await app.listen({ port: config.port, host: config.host });
  if (config.jobsEnabled) {
    app.jobRunner.start();
    app.outboxSender.start();
  }

  const engine = db.dialect === 'postgres' ? 'PostgreSQL' : config.databaseUrl;
  console.log(`\nUAP is running at ${config.publicUrl}  (database: ${engine}, environment: ${config.env})`);
  console.log(`API docs: ${config.publicUrl}/api/docs`);
  if (config.auth.demoSignIn && config.env !== 'local') {
    console.log(
      `Demo sign-in is ON in UAP_ENV=${config.env} (UAP_DEMO_SIGNIN=allow): anyone can sign in as any directory user without a password.`,
    );
  }
  if (config.auth.demoSignIn) {
    console.log('Sign in with a demo account (embedded identity provider, no password):');
    for (const account of demoAccounts) {
      console.log(`  ${account.email.padEnd(34)} ${roleDescriptions[account.roleId]}`);
    }
  } else {
    console.log(`Sign-in: ${config.auth.issuer}`);
  }

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    process.exit(await drainAndClose(app, db, config.shutdown));
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  // A refused setting is one clear line, not a stack trace.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
