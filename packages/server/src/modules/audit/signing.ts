import crypto from 'node:crypto';
import fs from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { CompactSign, calculateJwkThumbprint, exportJWK, exportSPKI, type JWK } from 'jose';
import { nowIso, type Db } from '../../db/connection.ts';
import { lockFreeHead } from '../../db/chain/verify.ts';
import { CSV_TRAILER, PDF_TRAILER, type ExportSignaturePayload, type ListedRow } from './export-trailer.ts';
import { findSigningKey, insertSigningKey } from './signing-queries.ts';

/** The public half of the export signing key, as GET api/Audit/Key publishes it. */
export interface PublicSigningKey {
  kid: string;
  alg: 'EdDSA';
  jwk: JWK;
  pem: string;
}

export interface ExportSigner {
  publicKey: PublicSigningKey;
  /**
   * The file `content` streams, followed by its signature line: the chain head is read before
   * the content's first byte is asked for (an export reads its rows after the head it names).
   */
  sign(
    content: Readable,
    kind: 'csv' | 'pdf',
    file: string,
    listed?: () => Promise<ListedRow[]>,
  ): Promise<Readable>;
}

async function keyFromFile(path: string): Promise<crypto.KeyObject> {
  const key = crypto.createPrivateKey(await fs.promises.readFile(path));
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new Error(
      `AUDIT_SIGNING_KEY_FILE must hold an Ed25519 private key (PEM), not ${key.asymmetricKeyType}`,
    );
  }
  return key;
}

/** The stored key, made and stored on first use (every instance then reads the same one). */
async function storedKey(db: Db): Promise<crypto.KeyObject> {
  let row = await findSigningKey(db);
  if (!row) {
    const { privateKey } = crypto.generateKeyPairSync('ed25519');
    const jwk = privateKey.export({ format: 'jwk' });
    await insertSigningKey(db, await calculateJwkThumbprint(jwk), JSON.stringify(jwk));
    // Instances starting together may each have stored one: all use the oldest.
    row = await findSigningKey(db);
  }
  return crypto.createPrivateKey({ key: JSON.parse(row!.privateJwk) as crypto.JsonWebKey, format: 'jwk' });
}

/**
 * The server's export signer: Ed25519, from `keyFile` (a PEM the operators keep outside the
 * database) or, without one, the key stored in the database.
 */
export async function loadExportSigner(db: Db, keyFile: string | null): Promise<ExportSigner> {
  const privateKey = keyFile ? await keyFromFile(keyFile) : await storedKey(db);
  return createExportSigner(privateKey, () => lockFreeHead(db.kysely));
}

/** A signer with `privateKey` (Ed25519) naming the chain head `readHead` answers. */
export async function createExportSigner(
  privateKey: crypto.KeyObject,
  readHead: () => Promise<{ seq: number; link: Buffer }>,
): Promise<ExportSigner> {
  const publicKeyObject = crypto.createPublicKey(privateKey);
  const jwk = await exportJWK(publicKeyObject);
  const kid = await calculateJwkThumbprint(jwk);
  const publicKey: PublicSigningKey = {
    kid,
    alg: 'EdDSA',
    jwk: { ...jwk, kid, alg: 'EdDSA', use: 'sig' },
    pem: await exportSPKI(publicKeyObject),
  };

  async function signatureLine(payload: ExportSignaturePayload, mark: string): Promise<string> {
    const jws = await new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader({ alg: 'EdDSA', kid, typ: 'uap-export+jws' })
      .sign(privateKey);
    return `${mark}${jws}\n`;
  }

  return {
    publicKey,
    async sign(content, kind, file, listed) {
      const head = await readHead();
      const hash = crypto.createHash('sha256');
      let last = 0x0a;
      const signed = new Transform({
        transform(chunk: Buffer | string, _encoding, done) {
          const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
          if (bytes.length > 0) {
            hash.update(bytes);
            last = bytes[bytes.length - 1]!;
          }
          done(null, bytes);
        },
        flush(done) {
          // The signature is a line of its own: a file not ending in a newline gets one (signed).
          if (last !== 0x0a) {
            hash.update('\n');
            this.push('\n');
          }
          const digest = hash.digest('hex');
          (listed ? listed() : Promise.resolve(undefined))
            .then((rows) => {
              const payload: ExportSignaturePayload = {
                typ: 'uap-export',
                sha256: digest,
                head: { seq: head.seq, hash: head.link.toString('hex') },
                file,
                signedAt: nowIso(),
                ...(rows ? { rows } : {}),
              };
              return signatureLine(payload, kind === 'csv' ? CSV_TRAILER : PDF_TRAILER);
            })
            .then(
              (line) => done(null, line),
              (error: unknown) => done(error as Error),
            );
        },
      });
      content.once('error', (error) => signed.destroy(error));
      return content.pipe(signed);
    },
  };
}
