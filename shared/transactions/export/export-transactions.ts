// GET /transactions/export: the listing's transactions (same filters, q included) as one CSV
// file, in the response itself up to `EXPORT_INLINE_ROWS` rows, else written to the private
// exports bucket and answered as a presigned link to it. The export reads the listing page after page, each within the listing's read bound, and
// at most `maxExportPages` of them: a range that holds more than `maxExportRows` transactions (or
// that a filter makes read more pages) is refused with a 422 that says to narrow it.
import { randomUUID } from 'node:crypto';
import { presignedGetUrl, putObject } from '../../aws/s3-objects.ts';
import { exportConfig } from '../../config.ts';
import { unprocessable } from '../../errors.ts';
import { maxPageSize } from '../../http/pagination.ts';
import { encodeCursor } from '../../store/cursor.ts';
import { maxEntriesReadPerPage } from '../../store/paged-query.ts';
import { listTransactionRecordPage, type RecordPageQuery } from '../list-transactions.ts';
import type { ExportTransactionsQuery } from '../list-transactions-query.ts';
import type { TransactionRecord } from '../transaction.ts';
import { type ExportFormat, exportFormatOf, exportLocaleOf } from './export-format.ts';
import { exportHeader, exportLine } from './transaction-rows.ts';

/** The most transactions one export holds. */
export const maxExportRows = 10_000;

/** Listing pages one export reads at most: every row of `maxExportRows` once, plus room for a filter. */
export const maxExportPages = (2 * maxExportRows) / maxPageSize;

/** Index entries (and so items) one export reads at most. */
export const maxExportEntriesRead = maxExportPages * maxEntriesReadPerPage;

export type TransactionsExport =
  | {
      kind: 'inline';
      format: ExportFormat;
      rowCount: number;
      /** The whole file: byte-order mark, header, one line per transaction. */
      csv: string;
      /** A name for the file, e.g. `transactions-2026-11-26T12-00-00Z.csv`. */
      fileName: string;
    }
  | { kind: 'file'; file: ExportFileView };

/** A prepared export: where to GET it, until when. */
export interface ExportFileView {
  url: string;
  expiresAt: string;
  rowCount: number;
  fileName: string;
}

const tooMany = () =>
  unprocessable(
    'export.too_large',
    `createdFrom: more than ${maxExportRows.toLocaleString('en')} transactions match; narrow the range with createdFrom and createdTo (or add filters) and export each part`,
  );

/** Time kept after reading for writing the file (and its upload) and answering. */
export const exportWriteMarginMs = 2_500;

const tooSlow = () =>
  unprocessable(
    'export.too_large',
    'createdFrom: the selection could not be read in the time one request has; narrow the range with createdFrom and createdTo (or add filters) and export each part',
  );

export async function readExportRecords(
  accountId: string,
  query: RecordPageQuery,
  /** When the function must be done (epoch ms). */
  endBy = Number.POSITIVE_INFINITY,
): Promise<TransactionRecord[]> {
  const records: TransactionRecord[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < maxExportPages; page++) {
    if (Date.now() > endBy - exportWriteMarginMs) throw tooSlow();
    const { records: found, nextKey } = await listTransactionRecordPage(
      accountId,
      { ...query, ...(cursor ? { cursor } : {}) },
      maxPageSize,
    );
    records.push(...found);
    if (records.length > maxExportRows) throw tooMany();
    if (!nextKey) return records;
    cursor = encodeCursor(nextKey);
  }
  throw tooMany();
}

export async function exportTransactions(
  accountId: string,
  query: ExportTransactionsQuery,
  acceptLanguage: string | undefined,
  /** When the function must be done (epoch ms): a selection too slow to read is refused before then. */
  endBy: number,
  now = new Date(),
): Promise<TransactionsExport> {
  const { locale, ...filters } = query;
  const format = exportFormatOf(locale ?? exportLocaleOf(acceptLanguage));
  const records = await readExportRecords(accountId, filters, endBy);
  const csv = exportHeader(format) + records.map((record) => exportLine(record, format)).join('');
  const fileName = `transactions-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.csv`;
  const config = exportConfig();
  if (records.length <= config.inlineRows)
    return { kind: 'inline', format, rowCount: records.length, csv, fileName };
  // Under a key no one can guess or list (the bucket is private): the link is the only way in.
  const object = { bucket: config.bucket, key: `exports/${accountId}/${randomUUID()}/${fileName}` };
  await putObject({
    ...object,
    body: Buffer.from(csv, 'utf8'),
    contentType: 'text/csv; charset=utf-8',
    cacheControl: 'private, no-store',
    contentDisposition: `attachment; filename="${fileName}"`,
  });
  return {
    kind: 'file',
    file: {
      url: presignedGetUrl(object, config.linkSeconds, now),
      expiresAt: new Date(now.getTime() + config.linkSeconds * 1000).toISOString(),
      rowCount: records.length,
      fileName,
    },
  };
}
