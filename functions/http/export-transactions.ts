import { httpHandler } from '../../shared/http/handler.ts';
import * as routes from '../../shared/routes.ts';
import { exportTransactions } from '../../shared/transactions/export/export-transactions.ts';
import { exportTransactionsQuery } from '../../shared/transactions/list-transactions-query.ts';

export const handler = httpHandler(
  routes.exportTransactions,
  { query: exportTransactionsQuery },
  async ({ principal, query, headers, endBy }) => {
    const answer = await exportTransactions(principal.accountId, query, headers['accept-language'], endBy);
    if (answer.kind === 'file') {
      // A client that follows redirects gets the file; one that asks for JSON (the dashboard), the link.
      if ((headers.accept ?? '').includes('application/json'))
        return { statusCode: 200 as const, body: answer.file };
      const location: Record<string, string> = { location: answer.file.url };
      return { statusCode: 303 as const, body: answer.file, headers: location };
    }
    const file: Record<string, string> = {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${answer.fileName}"`,
      'content-language': answer.format.locale,
    };
    return { statusCode: 200 as const, body: answer.csv, headers: file };
  },
);
