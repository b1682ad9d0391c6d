import crypto from 'node:crypto';
import { compactVerify, decodeProtectedHeader } from 'jose';
import type { Executor } from '../../db/connection.ts';
import { findChainLink, findLatestRowHashes } from './chain-queries.ts';
import { isChainedTable, rowHash } from '../../db/chain/format.ts';
import { readChainedRows } from '../../db/chain/seal.ts';
import { sha256Hex, splitSignedFile, type ExportSignaturePayload, type ListedRow } from './export-trailer.ts';

export interface ExportCheck {
  /** Each check in words, in order; `ok` false on the first that failed. */
  lines: string[];
  ok: boolean;
  payload: ExportSignaturePayload | null;
}

/**
 * Checks a signed export offline: its last line is a JWS by `publicKeyPem` (the server's key,
 * GET api/Audit/Key), the SHA-256 it signs is that of the bytes before the line, and — with a
 * database (`chain`) — the chain head it names is still in the chain with the same link (the
 * history the file was read from has not been rewritten since).
 */
export async function checkExport(
  file: Buffer,
  publicKeyPem: string,
  chain: Executor | null,
): Promise<ExportCheck> {
  const lines: string[] = [];
  const fail = (line: string, payload: ExportSignaturePayload | null = null): ExportCheck => ({
    lines: [...lines, `FAILED: ${line}`],
    ok: false,
    payload,
  });
  const signed = splitSignedFile(file);
  if (!signed) {
    return fail('the file has no UAP signature line at its end');
  }
  let payload: ExportSignaturePayload;
  try {
    const key = crypto.createPublicKey(publicKeyPem);
    const { kid } = decodeProtectedHeader(signed.jws);
    const { payload: bytes } = await compactVerify(signed.jws, key);
    payload = JSON.parse(new TextDecoder().decode(bytes)) as ExportSignaturePayload;
    lines.push(`signature: valid (key ${kid ?? 'unnamed'}), signed ${payload.signedAt} for ${payload.file}`);
  } catch (error) {
    return fail(`the signature does not verify with this key (${(error as Error).message})`);
  }
  const actual = sha256Hex(signed.content);
  if (actual !== payload.sha256) {
    return fail(`the file's content was changed: SHA-256 ${actual}, signed ${payload.sha256}`, payload);
  }
  lines.push(`content: unchanged (SHA-256 ${actual})`);
  lines.push(`read at audit chain entry ${payload.head.seq} (link ${payload.head.hash})`);
  if (chain) {
    if (payload.head.seq === 0) {
      lines.push('chain: the history was empty when the file was read');
    } else {
      const link = await findChainLink(chain, payload.head.seq);
      if (link !== payload.head.hash) {
        return fail(
          link === null
            ? `the chain no longer holds entry ${payload.head.seq}`
            : `the chain's entry ${payload.head.seq} now has link ${link}: the history was rewritten`,
          payload,
        );
      }
      lines.push(`chain: entry ${payload.head.seq} is still in the chain with the same link`);
    }
    const listed = payload.rows ?? [];
    if (listed.length > 0) {
      const changed = await changedListedRows(chain, listed);
      if (changed) {
        return fail(
          `${changed.table} row ${changed.id}, listed in the file, is no longer what the chain held`,
          payload,
        );
      }
      lines.push(`rows: the ${listed.length} history rows the file lists are what the chain holds`);
    }
  }
  return { lines, ok: true, payload };
}

/**
 * The first row the file lists whose latest entry no longer has the hash the file names, or
 * whose content no longer hashes to it (null: every one is as the chain held it).
 */
async function changedListedRows(chain: Executor, listed: readonly ListedRow[]): Promise<ListedRow | null> {
  for (const table of new Set(listed.map((r) => r.table))) {
    const mine = listed.filter((r) => r.table === table);
    if (!isChainedTable(table)) {
      return mine[0]!;
    }
    const ids = mine.map((r) => r.id);
    const latest = new Map((await findLatestRowHashes(chain, table, ids)).map((r) => [r.id, r.hash]));
    const content = new Map(
      (await readChainedRows(chain, table, { ids })).map(([id, values]) => [
        id,
        rowHash(table, values).toString('hex'),
      ]),
    );
    const changed = mine.find((r) => latest.get(r.id) !== r.hash || content.get(r.id) !== r.hash);
    if (changed) {
      return changed;
    }
  }
  return null;
}
