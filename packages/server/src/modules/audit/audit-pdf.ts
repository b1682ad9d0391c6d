import type { Readable } from 'node:stream';
import { tablePdf } from '../tracker/pdf-table.ts';

/** One audit record as the PDF shows it: a cell of text per column (lines split by '\n'). */
export type AuditCells = Record<(typeof COLUMNS)[number]['key'], string>;

const COLUMNS = [
  { key: 'requestId', header: 'Request ID', width: 46 },
  { key: 'created', header: 'Created', width: 66 },
  { key: 'request', header: 'Type / Status', width: 66 },
  { key: 'user', header: 'User / Platform Email', width: 124 },
  { key: 'requestor', header: 'Requested By', width: 110 },
  { key: 'access', header: 'Platform Access', width: 166 },
  { key: 'dates', header: 'Length of Access', width: 62 },
  { key: 'approval', header: 'Approved / Rejected', width: 70 },
  { key: 'provisioning', header: 'Provisioned', width: 72 },
] as const;

export interface AuditHeader {
  title: string;
  subtitle: string;
}

/**
 * The audit PDF of a date range (landscape A4): a title, then one table row per record, the
 * header repeated on every page. Records arrive as batches (an async iterable): one batch is
 * held at a time, pages are written out as they fill, and the writer waits while the reader is
 * behind, so memory does not grow with the range (the shared table, pdf-table.ts). An empty
 * range gives a document without text (a few hundred bytes: the original client treats
 * anything under 2,000 bytes as empty).
 */
export function auditPdf(header: AuditHeader | null, batches: AsyncIterable<AuditCells[]>): Readable {
  return tablePdf(
    { columns: COLUMNS, info: { Title: header?.title ?? 'Audit report' } },
    header ? { title: header.title, lines: [header.subtitle] } : null,
    batches,
  );
}
