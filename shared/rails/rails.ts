// Chooses the rail for a transaction. Only sandbox rails exist so far; a stage without them
// fails loudly rather than pretending to move money.
import { serviceConfig } from '../config.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';
import type { Rail } from './rail-port.ts';
import { createSandboxRail, sandboxRailName } from './sandbox/sandbox-rail.ts';

const rails = new Map<string, Rail>();

export function railFor(transaction: Pick<TransactionRecord, 'currency' | 'method'>): Rail {
  if (!serviceConfig().sandboxRails)
    throw new Error(`no live rail is configured for ${transaction.currency} ${transaction.method}`);
  const name = sandboxRailName(transaction);
  let rail = rails.get(name);
  if (!rail) {
    rail = createSandboxRail(name);
    rails.set(name, rail);
  }
  return rail;
}
