// manageAccount: the account's own settings (webhook, keys, branding, summary) and the dashboard.
export const permissions = ['isInvoiceAvailable', 'createTransaction', 'manageAccount'] as const;
export type Permission = (typeof permissions)[number];

export function isPermission(value: string): value is Permission {
  return (permissions as readonly string[]).includes(value);
}
