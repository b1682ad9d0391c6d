import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { ListedRow } from '../modules/audit/export-trailer.ts';

/**
 * Sends a file stream as a download, signed: it ends with a line holding a JWS over its SHA-256
 * and the audit chain head it was read at (modules/audit/signing.ts). A stream that fails after
 * its first bytes were sent cannot become an error response: Fastify then aborts the transfer
 * (the client sees a cut connection, not a finished file), and the failure is logged here.
 */
async function sendSigned(
  reply: FastifyReply,
  kind: 'csv' | 'pdf',
  filename: string,
  content: Readable,
  listed?: () => Promise<ListedRow[]>,
): Promise<FastifyReply> {
  content.once('error', (err) => {
    reply.log.error(
      { err, url: reply.request.url },
      `${kind === 'csv' ? 'CSV' : 'PDF'} export failed part-way; the transfer was aborted`,
    );
  });
  const signed = await reply.server.exportSigner.sign(content, kind, filename, listed);
  return reply
    .type(kind === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(signed);
}

/** Sends a CSV stream as a signed file download. */
export const sendCsv = (reply: FastifyReply, filename: string, csv: Readable) =>
  sendSigned(reply, 'csv', filename, csv);

/**
 * Sends a PDF stream as a signed file download; `listed`: the history rows it listed, with their
 * hashes in the chain, asked once the document is written (they go into the signature).
 */
export const sendPdf = (
  reply: FastifyReply,
  filename: string,
  pdf: Readable,
  listed?: () => Promise<ListedRow[]>,
) => sendSigned(reply, 'pdf', filename, pdf, listed);
