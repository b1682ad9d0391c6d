import { loadConfig } from '../config.ts';
import { openDb } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { findDirectoryAccount } from '../directory/account-queries.ts';
import { loadSigningMaterial } from './keys.ts';
import { mintAccessToken } from './verify.ts';

/** `npm run token -- EMAIL`: prints an access token of a directory user, for scripting the API. */
async function main() {
  const email = process.argv[2];
  if (!email) {
    console.error('Usage: npm run token -- EMAIL');
    process.exit(2);
  }
  const config = loadConfig();
  if (config.auth.issuer) {
    console.error('AUTH_ISSUER is set: tokens come from that issuer, not from UAP.');
    process.exit(2);
  }
  const db = openDb(config.databaseUrl);
  try {
    await migrateToLatest(db);
    const account = await findDirectoryAccount(db, email);
    if (!account) {
      console.error(`No active internal directory account with the email ${email}.`);
      process.exitCode = 1;
      return;
    }
    const keys = await loadSigningMaterial(db);
    process.stdout.write(`${await mintAccessToken(config, keys, account)}\n`);
  } finally {
    await db.kysely.destroy();
  }
}

await main();
