// The one mapping from a stored item to a domain record: drop the attributes that only the table
// needs (keys, index keys, TTL, entity tag, the id of the write that created it); everything else
// is the record, written whole.
const tableAttributes = new Set([
  'pk',
  'sk',
  'gsi1pk',
  'gsi1sk',
  'gsi2pk',
  'gsi2sk',
  'gsi3pk',
  'gsi3sk',
  'gsi4pk',
  'gsi4sk',
  'payerNameKey',
  'ttl',
  'entity',
  'writeId',
]);

export function withoutKeys<T>(item: Record<string, unknown>): T {
  return Object.fromEntries(Object.entries(item).filter(([name]) => !tableAttributes.has(name))) as T;
}
