// What the account summary counts per UTC day and currency: transactions by what happened to
// them, and webhook deliveries that failed. The summary's type and schema and the dashboard's
// charts read these lists; a leaf module, so the dashboard bundles nothing else of the service.

export const transactionCounters = ['created', 'paid', 'expired', 'canceled'] as const;
export type TransactionCounter = (typeof transactionCounters)[number];

export const summaryCounters = [...transactionCounters, 'deliveriesFailed'] as const;
export type SummaryCounter = (typeof summaryCounters)[number];
