// What a transaction's DynamoDB write units are spent on, by the kind of item written: the
// reading of the store's key layout (shared/store/keys.ts) that the cost report needs to say
// where the largest part of the bill goes.

export const writtenItemKinds = [
  'transaction',
  'webhook event',
  'hour counters',
  'id reservation',
  'ledger entry',
  'balance',
  'API key',
  'rate limit',
  'other',
] as const;

export type WrittenItemKind = (typeof writtenItemKinds)[number];

export type WriteUnitsByItem = Record<WrittenItemKind, number>;

export const noWriteUnitsByItem = (): WriteUnitsByItem =>
  Object.fromEntries(writtenItemKinds.map((kind) => [kind, 0])) as WriteUnitsByItem;

/** The kind of the item at a table key. */
export function writtenItemKind(pk: string | undefined, sk: string | undefined): WrittenItemKind {
  if (pk === undefined) return 'other';
  if (sk === 'TX' || sk === 'TX#DETAILS') return 'transaction';
  if (sk?.startsWith('EVENT#')) return 'webhook event';
  if (pk.endsWith('#SUMMARY')) return 'hour counters';
  if (pk.startsWith('TXID#')) return 'id reservation';
  if (pk.endsWith('#LEDGER')) return 'ledger entry';
  if (pk.endsWith('#BALANCE')) return 'balance';
  if (pk.startsWith('KEY#')) return 'API key';
  if (pk.startsWith('RATE#')) return 'rate limit';
  return 'other';
}
