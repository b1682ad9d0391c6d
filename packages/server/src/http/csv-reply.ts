import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Sends a CSV stream as a file download. A stream that fails after its first bytes were sent
 * cannot become an error response: Fastify then aborts the transfer (the client sees a cut
 * connection, not a finished file), and the failure is logged here with the route.
 */
export function sendCsv(reply: FastifyReply, filename: string, csv: Readable): FastifyReply {
  csv.once('error', (err) => {
    reply.log.error({ err, url: reply.request.url }, 'CSV export failed part-way; the transfer was aborted');
  });
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(csv);
}
