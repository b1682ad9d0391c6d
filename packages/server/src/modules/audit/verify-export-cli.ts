import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { openDb } from '../../db/connection.ts';
import { verifyChain } from '../../db/chain/verify.ts';
import { breakText } from './chain-service.ts';
import { checkExport } from './verify-export.ts';

const usage = `Usage: npm run verify-export -- FILE --key KEY.pem [--database URL [--full]]

Checks a file UAP exported (a CSV, the audit PDF, an activity log PDF, access review evidence):
  - its last line is a signature by the key (GET api/Audit/Key, or "Download the key" on Audit Reports);
  - every byte before that line is what was signed;
  - with --database: the audit chain head the file was read at is still in the chain, unchanged;
  - with --full as well: the whole chain verifies (every entry's link and every history row).
Exit code 0 when every check passed, 1 when one failed, 2 on a usage error.`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { key: { type: 'string' }, database: { type: 'string' }, full: { type: 'boolean' } },
  });
  const [path] = positionals;
  if (!path || !values.key) {
    console.error(usage);
    return 2;
  }
  const keyText = fs.readFileSync(values.key, 'utf8');
  // The key as saved from GET api/Audit/Key (JSON) or as its PEM alone.
  const json = keyText.trimStart().startsWith('{')
    ? (JSON.parse(keyText) as { pem?: string; data?: { pem?: string } })
    : null;
  const pem = json ? (json.pem ?? json.data?.pem ?? '') : keyText;
  const db = values.database ? openDb(values.database) : null;
  try {
    const result = await checkExport(fs.readFileSync(path), pem, db?.kysely ?? null);
    for (const line of result.lines) {
      console.log(line);
    }
    if (!result.ok) {
      return 1;
    }
    if (db && values.full) {
      const { checkedRows, firstBreak } = await verifyChain(db.kysely);
      if (firstBreak) {
        console.log(`FAILED: ${breakText(firstBreak)}`);
        return 1;
      }
      console.log(`chain: verified whole, ${checkedRows} entries and rows checked`);
    }
    console.log('OK');
    return 0;
  } finally {
    await db?.kysely.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
