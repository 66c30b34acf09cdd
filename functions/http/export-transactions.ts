import { httpHandler } from '../../shared/http/handler.ts';
import * as routes from '../../shared/routes.ts';
import { exportTransactions } from '../../shared/transactions/export/export-transactions.ts';
import { exportTransactionsQuery } from '../../shared/transactions/list-transactions-query.ts';

export const handler = httpHandler(
  routes.exportTransactions,
  { query: exportTransactionsQuery },
  async ({ principal, query, headers }) => {
    const file = await exportTransactions(principal.accountId, query, headers['accept-language']);
    return {
      statusCode: 200 as const,
      body: file.csv,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${file.fileName}"`,
        'content-language': file.format.locale,
      },
    };
  },
);
