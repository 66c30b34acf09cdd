// The rail adapters by name: the transaction's rail (chosen at purchase, see rail-choice.ts),
// and the listings of received payments read on a schedule (see payment-listings.ts).
import { serviceConfig } from '../config.ts';
import { methodOf } from '../payment-methods.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';
import { apiPixConfig } from './api-pix/api-pix-config.ts';
import { createApiPixRail } from './api-pix/api-pix-rail.ts';
import { createPixAutomaticoRail } from './api-pix/pix-automatico-rail.ts';
import { pixAutomaticoPort } from './api-pix/pix-automatico-stage.ts';
import type { ListingName } from './payment-listings.ts';
import { railNameOf } from './rail-choice.ts';
import type { PaymentListing, PaymentReport, Rail } from './rail-port.ts';
import { createSandboxListing, createSandboxRail, sandboxRailName } from './sandbox/sandbox-rail.ts';

const rails = new Map<string, Rail>();

function cached<T extends Rail>(name: string, create: () => T): T {
  let rail = rails.get(name);
  if (!rail) {
    rail = create();
    rails.set(name, rail);
  }
  return rail as T;
}

const apiPixRail = () => cached('api-pix', () => createApiPixRail(apiPixConfig()!));

export function railFor(transaction: Pick<TransactionRecord, 'currency' | 'method' | 'rail'>): Rail {
  // Older records carry no rail: the stage's choice for their method applies.
  const name = railNameOf(transaction, methodOf(transaction));
  if (name === null)
    throw new Error(`no rail serves ${transaction.currency} ${transaction.method} on this stage`);
  if (name === 'api-pix') return apiPixRail();
  if (name === 'pix-automatico')
    return cached(name, () => createPixAutomaticoRail(pixAutomaticoPort, apiPixRail));
  const sandboxName = sandboxRailName(transaction);
  return cached(sandboxName, () => createSandboxRail(sandboxName, methodOf(transaction).sandboxReports));
}

/** How the rail is watched on this stage: as it reports, or by polling alone (RAIL_REPORTING=polling). */
export function reportsOf(rail: Rail): readonly PaymentReport[] {
  return serviceConfig().railReporting === 'polling' ? [] : rail.reports;
}

/** The listing of received payments by name, or null when this stage does not serve its rail. */
export function paymentListingFor(name: ListingName): PaymentListing | null {
  if (name === 'api-pix') return apiPixConfig() ? apiPixRail() : null;
  return serviceConfig().sandboxRails ? createSandboxListing() : null;
}
