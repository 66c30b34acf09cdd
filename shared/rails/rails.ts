// The rail adapters by name: the transaction's rail (chosen at purchase, see rail-choice.ts).
import { methodOf } from '../payment-methods.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';
import { apiPixConfig } from './api-pix/api-pix-config.ts';
import { createApiPixRail } from './api-pix/api-pix-rail.ts';
import { railNameFor } from './rail-choice.ts';
import type { Rail } from './rail-port.ts';
import { createSandboxRail, sandboxRailName } from './sandbox/sandbox-rail.ts';

const rails = new Map<string, Rail>();

function cached(name: string, create: () => Rail): Rail {
  let rail = rails.get(name);
  if (!rail) {
    rail = create();
    rails.set(name, rail);
  }
  return rail;
}

export function railFor(transaction: Pick<TransactionRecord, 'currency' | 'method' | 'rail'>): Rail {
  // Older records carry no rail: the stage's choice for their method applies.
  const name = transaction.rail ?? railNameFor(methodOf(transaction));
  if (name === null)
    throw new Error(`no rail serves ${transaction.currency} ${transaction.method} on this stage`);
  if (name === 'api-pix') return cached(name, () => createApiPixRail(apiPixConfig()!));
  const sandboxName = sandboxRailName(transaction);
  return cached(sandboxName, () => createSandboxRail(sandboxName));
}
