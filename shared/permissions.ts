export const permissions = ['isInvoiceAvailable', 'createTransaction'] as const;
export type Permission = (typeof permissions)[number];

export function isPermission(value: string): value is Permission {
  return (permissions as readonly string[]).includes(value);
}
