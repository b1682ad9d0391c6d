import crypto from 'node:crypto';

/**
 * How a signed export ends: one last line after the file's own bytes, holding a JWS (compact,
 * EdDSA) whose payload names the SHA-256 of every byte before that line and the audit chain's
 * head the export was read at. A CSV's last line is a comment row; a PDF's is a comment after
 * its %%EOF (readers ignore it).
 */
export const CSV_TRAILER = '# UAP signature: ';
export const PDF_TRAILER = '%UAP signature: ';

export interface ExportSignaturePayload {
  typ: 'uap-export';
  /** Hex SHA-256 of the file's bytes before the signature line. */
  sha256: string;
  /** The audit chain's last entry when the export was read: its seq and link (hex). */
  head: { seq: number; hash: string };
  file: string;
  signedAt: string;
  /** The history rows the file lists (an activity log), each with its hash in the chain (hex). */
  rows?: ListedRow[];
}

/** A history row an export lists, as the chain held it when the file was made. */
export interface ListedRow {
  table: string;
  id: number;
  hash: string;
}

export const sha256Hex = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

/**
 * Splits a signed file into its content and its JWS: the last line that starts with a trailer
 * mark (a trailing newline allowed). Null when the file carries no signature.
 */
export function splitSignedFile(file: Buffer): { content: Buffer; jws: string } | null {
  let end = file.length;
  if (end > 0 && file[end - 1] === 0x0a) {
    end -= 1;
  }
  const start = file.lastIndexOf(0x0a, end - 1) + 1;
  const line = file.subarray(start, end).toString('utf8');
  for (const mark of [CSV_TRAILER, PDF_TRAILER]) {
    if (line.startsWith(mark)) {
      return { content: file.subarray(0, start), jws: line.slice(mark.length).trim() };
    }
  }
  return null;
}
