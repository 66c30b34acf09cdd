// What one scenario costs, counted where the requests are made: SDK middleware on the service's
// own DynamoDB client singleton (request units from DynamoDB Local's ConsumedCapacity, filled
// in by AWS's rules where it reports none, see capacity-units.ts), the simulated queues (SQS
// requests), and the invoker (Lambda invocations, GB-seconds, HTTP API requests, log bytes).
// Requests on the sandbox rails' key space model the payment provider's side: counted apart,
// never priced. Payer actions run in an uncounted scope (they are not our bill).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareStack } from '@smithy/types';
import { table } from '../../../shared/store/table.ts';
import type { Usage } from './aws-prices.ts';
import {
  itemBytes,
  type TransactionAction,
  transactionWriteUnits,
  type Units,
  unitsFromConsumedCapacity,
  writeUnitsFor,
} from './capacity-units.ts';
import {
  noWriteUnitsByItem,
  type WriteUnitsByItem,
  type WrittenItemKind,
  writtenItemKind,
  writtenItemKinds,
} from './item-kinds.ts';

/** Key spaces of the sandbox rails (`RAIL#…`) and their payment reports (`RAILREPORT#…`): the provider's side. */
export const providerKeyPrefixes = ['RAIL#', 'RAILREPORT#'] as const;

export interface Tally extends Usage {
  /** GB-seconds had each invocation also waited on the network as from us-east-1 (network-waits.ts). */
  gbSecondsWithWaits: number;
  /** HTTP calls to the PSP and the merchant's receiver, and how many opened a new connection. */
  pspCalls: number;
  pspNewConnections: number;
  merchantCalls: number;
  merchantNewConnections: number;
  dynamoRequests: number;
  /** Writes (items) that set or remove the work index's key attributes. */
  workIndexWrites: number;
  /** Requests on the provider's key space (unpriced). */
  providerRequests: number;
  providerReadUnits: number;
  providerWriteUnits: number;
  /** `writeUnits` by the kind of item written. */
  writeUnitsByItem: WriteUnitsByItem;
}

export const emptyTally = (): Tally => ({
  writeUnits: 0,
  readUnits: 0,
  sqsRequests: 0,
  lambdaInvocations: 0,
  gbSeconds: 0,
  gbSecondsWithWaits: 0,
  pspCalls: 0,
  pspNewConnections: 0,
  merchantCalls: 0,
  merchantNewConnections: 0,
  httpRequests: 0,
  logBytes: 0,
  emails: 0,
  dynamoRequests: 0,
  workIndexWrites: 0,
  providerRequests: 0,
  providerReadUnits: 0,
  providerWriteUnits: 0,
  writeUnitsByItem: noWriteUnitsByItem(),
});

type Measure = Exclude<keyof Tally, 'writeUnitsByItem'>;

export function addTally(into: Tally, add: Tally, factor = 1): void {
  for (const key of Object.keys(into) as Array<keyof Tally>)
    if (key !== 'writeUnitsByItem') into[key as Measure] += add[key as Measure] * factor;
  for (const kind of writtenItemKinds) into.writeUnitsByItem[kind] += add.writeUnitsByItem[kind] * factor;
}

export function copyTally(tally: Tally): Tally {
  return scaleTally(tally, 1);
}

export function scaleTally(tally: Tally, factor: number): Tally {
  const scaled = emptyTally();
  addTally(scaled, tally, factor);
  return scaled;
}

const acceptsConsumedCapacity = new Set([
  'GetItem',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'Query',
  'Scan',
  'BatchGetItem',
  'BatchWriteItem',
  'TransactGetItems',
  'TransactWriteItems',
]);

type Input = Record<string, any>;

const stringOf = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : typeof (value as { S?: unknown })?.S === 'string'
      ? (value as { S: string }).S
      : undefined;

function isProviderKey(key: Input | undefined): boolean {
  const pk = stringOf(key?.[table.partitionKey]);
  return pk !== undefined && providerKeyPrefixes.some((prefix) => pk.startsWith(prefix));
}

/** The single-item actions of a request (one, or one per transaction item). */
function actionsOf(operation: string, input: Input): Input[] {
  if (operation === 'TransactWriteItems')
    return (input.TransactItems ?? []).map(
      (item: Input) => item.Put ?? item.Update ?? item.Delete ?? item.ConditionCheck ?? {},
    );
  return [input];
}

function isProviderRequest(operation: string, input: Input): boolean {
  if (operation === 'Query' || operation === 'Scan')
    return Object.values(input.ExpressionAttributeValues ?? {}).some((value) => {
      const text = stringOf(value);
      return text !== undefined && providerKeyPrefixes.some((prefix) => text.startsWith(prefix));
    });
  const actions = actionsOf(operation, input);
  return actions.length > 0 && actions.every((action) => isProviderKey(action.Key ?? action.Item));
}

const workIndexAttributes: readonly string[] = [table.indexes.gsi2.partitionKey, table.indexes.gsi2.sortKey];

/** Whether a write action sets or removes the work index's key attributes (a condition alone does not). */
export function writesWorkIndex(action: Input): boolean {
  if (action.Item) return workIndexAttributes.some((name) => name in action.Item);
  const expression: string | undefined = action.UpdateExpression;
  if (!expression) return false;
  const placeholders = Object.entries((action.ExpressionAttributeNames ?? {}) as Record<string, string>)
    .filter(([, name]) => workIndexAttributes.includes(name))
    .map(([placeholder]) => placeholder);
  return [...placeholders, ...workIndexAttributes].some((token) =>
    new RegExp(`(^|[\\s,=(])${token.replace('#', '\\#')}($|[\\s,=)])`).test(expression),
  );
}

/** Reads an item without counting it (the size of an item a failed conditional write was billed for). */
export type UncountedGet = (key: Input) => Promise<Input | undefined>;

export class Meter {
  tally: Tally = emptyTally();
  private readonly scope = new AsyncLocalStorage<'counted' | 'uncounted'>();
  private invocationDepth = 0;
  /** CPU the meter spent reading items around writes (ms, since it started), and its reads in flight. */
  private overheadMs = 0;
  private overheadInFlight = 0;
  private overheadStartedAt: NodeJS.CpuUsage | undefined;

  /**
   * CPU (ms) the meter's own reads have spent since `since` (a value this returned before): time
   * inside an invocation that is not the function's. Overlapping reads are counted once.
   */
  overheadCpuMs(since = 0): number {
    return this.overheadMs - since;
  }

  /** Runs the meter's own reads, timing their CPU as overhead. */
  private async overhead<T>(work: () => Promise<T>): Promise<T> {
    if (this.overheadInFlight++ === 0) this.overheadStartedAt = process.cpuUsage();
    try {
      return await this.uncounted(work);
    } finally {
      if (--this.overheadInFlight === 0) {
        const spent = process.cpuUsage(this.overheadStartedAt);
        this.overheadMs += (spent.user + spent.system) / 1000;
      }
    }
  }

  /** Runs a payer's (or the bench's own) work: none of its DynamoDB requests is ours. */
  uncounted<T>(work: () => Promise<T>): Promise<T> {
    return this.scope.run('uncounted', work);
  }

  /** Runs work as ours even when called from an uncounted scope (a provider's call to our API). */
  counted<T>(work: () => Promise<T>): Promise<T> {
    return this.scope.run('counted', work);
  }

  get counting(): boolean {
    return this.scope.getStore() !== 'uncounted';
  }

  get insideInvocation(): boolean {
    return this.invocationDepth > 0;
  }

  async inInvocation<T>(work: () => Promise<T>): Promise<T> {
    this.invocationDepth += 1;
    try {
      return await work();
    } finally {
      this.invocationDepth -= 1;
    }
  }

  /** `byItem`: the write units' split by item (one item's writes: all of them to its kind). */
  private addUnits(
    provider: boolean,
    units: Units,
    writesIndex: number,
    byItem: ReadonlyArray<{ kind: WrittenItemKind; write: number }>,
  ): void {
    const tally = this.tally;
    tally.dynamoRequests += 1;
    if (provider) {
      tally.providerRequests += 1;
      tally.providerReadUnits += units.read;
      tally.providerWriteUnits += units.write;
      return;
    }
    tally.readUnits += units.read;
    tally.writeUnits += units.write;
    tally.workIndexWrites += writesIndex;
    for (const { kind, write } of byItem) tally.writeUnitsByItem[kind] += write;
  }

  /** Counts every request of the service's DynamoDB client (installed once). */
  installDynamo(stack: MiddlewareStack<any, any>, uncountedGet: UncountedGet): void {
    const name = 'costModelMeter';
    if (stack.identify().some((entry) => entry.startsWith(name))) return;
    stack.add(
      (next: any, context: any) => async (args: any) => {
        const operation = String(context.commandName ?? '').replace(/Command$/, '');
        if (!acceptsConsumedCapacity.has(operation) || !this.counting) return next(args);
        const input: Input = args.input;
        input.ReturnConsumedCapacity = 'INDEXES';
        const provider = isProviderRequest(operation, input);
        const actions = actionsOf(operation, input);
        const indexWrites = actions.filter(writesWorkIndex).length;
        // DynamoDB Local miscounts transactions: their units come from the items themselves.
        const transaction =
          operation === 'TransactWriteItems' ? await this.transactionItems(input, uncountedGet) : undefined;
        try {
          const result = await next(args);
          if (transaction) {
            const items = await transaction.after();
            // A transaction's units are the sum of its items' (transactionWriteUnits adds them up).
            const perItem = items.map((action) =>
              transactionWriteUnits([action], table.indexes, 'gsi2', [table.partitionKey, table.sortKey]),
            );
            const units: Units = {
              read: 0,
              write: perItem.reduce((sum, each) => sum + each.write, 0),
              workIndexWrite: perItem.reduce((sum, each) => sum + each.workIndexWrite, 0),
            };
            const byItem = items.map((action, index) => ({
              kind: kindOfItem(action.after ?? action.before),
              write: perItem[index]!.write,
            }));
            if (process.env.COST_MODEL_TRACE) {
              // Each item's own units and size: which of them crosses a KB, which index it writes.
              const detail = items.map((action, index) => {
                const item = action.after ?? action.before ?? {};
                return `${String(item[table.sortKey]).slice(0, 16)} ${action.kind} ${byItem[index]!.write} WU (${itemBytes(item)} B)`;
              });
              traceLine(operation, input, { computed: units, detail }, indexWrites);
            }
            this.addUnits(provider, units, indexWrites, byItem);
            return result;
          }
          if (process.env.COST_MODEL_TRACE)
            traceLine(operation, input, result.output?.ConsumedCapacity, indexWrites);
          const units = unitsFromConsumedCapacity(operation, result.output?.ConsumedCapacity, 'gsi2');
          this.addUnits(provider, units, indexWrites, splitAmong(actions, units.write));
          return result;
        } catch (error) {
          const units = await this.failedWriteUnits(operation, actions, error, uncountedGet);
          this.addUnits(provider, units, 0, splitAmong(actions, units.write));
          throw error;
        }
      },
      { step: 'initialize', priority: 'high', name },
    );
  }

  /** Each item of a transaction as it is before, and a way to read it after, without counting. */
  private async transactionItems(
    input: Input,
    uncountedGet: UncountedGet,
  ): Promise<{ after: () => Promise<TransactionAction[]> }> {
    const items = ((input.TransactItems ?? []) as Input[]).map((item) => {
      const kind = (['Put', 'Update', 'Delete', 'ConditionCheck'] as const).find((name) => item[name])!;
      const action = item[kind] as Input;
      const key = action.Key ?? {
        [table.partitionKey]: action.Item?.[table.partitionKey],
        [table.sortKey]: action.Item?.[table.sortKey],
      };
      return { kind, key };
    });
    const read = () =>
      this.overhead(() => Promise.all(items.map((item) => uncountedGet(item.key)))) as Promise<
        Array<Input | undefined>
      >;
    const before = await read();
    return {
      after: async () => {
        const after = await read();
        return items.map((item, index) => ({ kind: item.kind, before: before[index], after: after[index] }));
      },
    };
  }

  /**
   * A write whose condition fails is billed by AWS (the existing item's size, at least one unit)
   * though no ConsumedCapacity comes back; a cancelled transaction is counted at the minimum,
   * two units per item.
   */
  private async failedWriteUnits(
    operation: string,
    actions: Input[],
    error: unknown,
    uncountedGet: UncountedGet,
  ): Promise<Units> {
    const name = (error as Error).name;
    if (
      name === 'ConditionalCheckFailedException' &&
      ['PutItem', 'UpdateItem', 'DeleteItem'].includes(operation)
    ) {
      const action = actions[0]!;
      const key = action.Key ?? {
        [table.partitionKey]: action.Item?.[table.partitionKey],
        [table.sortKey]: action.Item?.[table.sortKey],
      };
      const existing = await this.overhead(() => uncountedGet(key));
      return { read: 0, write: writeUnitsFor(existing ? itemBytes(existing) : 0), workIndexWrite: 0 };
    }
    if (name === 'TransactionCanceledException')
      return { read: 0, write: actions.length * writeUnitsFor(0, true), workIndexWrite: 0 };
    return { read: 0, write: 0, workIndexWrite: 0 };
  }
}

function kindOfItem(key: Input | undefined): WrittenItemKind {
  return writtenItemKind(stringOf(key?.[table.partitionKey]), stringOf(key?.[table.sortKey]));
}

/** Write units of a request's items, in equal parts (a cancelled transaction bills each alike). */
function splitAmong(actions: Input[], write: number): Array<{ kind: WrittenItemKind; write: number }> {
  if (!write) return [];
  return actions.map((action) => ({
    kind: kindOfItem(action.Key ?? action.Item),
    write: write / actions.length,
  }));
}

/** One line of the COST_MODEL_TRACE trace (stderr): DynamoDB requests, invocations, outbound calls. */
export function writeTrace(line: string): void {
  (globalThis as { costModelTrace?: (line: string) => void }).costModelTrace?.(line);
}

function traceLine(operation: string, input: Input, consumed: unknown, indexWrites: number): void {
  const keys = actionsOf(operation, input)
    .map((action) => {
      const key = action.Key ?? action.Item;
      const pk = stringOf(key?.[table.partitionKey]);
      if (pk === undefined) return action.IndexName ?? '?';
      const sk = stringOf(key?.[table.sortKey]);
      return sk === undefined ? pk : `${pk}|${sk}`;
    })
    .map((key) => key.replace(/[0-9a-f-]{36}|\d{19}|[0-9A-Z]{26}/g, '…'));
  writeTrace(`${operation} ${keys.join(' ')} idx=${indexWrites} ${JSON.stringify(consumed)}\n`);
}
