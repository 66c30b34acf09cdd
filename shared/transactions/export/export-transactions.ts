// GET /transactions/export: the listing's transactions (same filters, q included) as one CSV
// file. The export reads the listing page after page, each within the listing's read bound, and
// at most `maxExportPages` of them: a range that holds more than `maxExportRows` transactions (or
// that a filter makes read more pages) is refused with a 422 that says to narrow it.
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

export interface TransactionsExport {
  format: ExportFormat;
  rowCount: number;
  /** The whole file: byte-order mark, header, one line per transaction. */
  csv: string;
  /** A name for the file, e.g. `transactions-2026-11-26T12-00-00Z.csv`. */
  fileName: string;
}

const tooMany = () =>
  unprocessable(
    'export.too_large',
    `createdFrom: more than ${maxExportRows.toLocaleString('en')} transactions match; narrow the range with createdFrom and createdTo (or add filters) and export each part`,
  );

export async function readExportRecords(
  accountId: string,
  query: RecordPageQuery,
): Promise<TransactionRecord[]> {
  const records: TransactionRecord[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < maxExportPages; page++) {
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
  now = new Date(),
): Promise<TransactionsExport> {
  const { locale, ...filters } = query;
  const format = exportFormatOf(locale ?? exportLocaleOf(acceptLanguage));
  const records = await readExportRecords(accountId, filters);
  return {
    format,
    rowCount: records.length,
    csv: exportHeader(format) + records.map((record) => exportLine(record, format)).join(''),
    fileName: `transactions-${now
      .toISOString()
      .replace(/\.\d+Z$/, 'Z')
      .replaceAll(':', '-')}.csv`,
  };
}
