// Which rail serves a payment method on this stage: the row's live rail when the stage
// configures it (e.g. API Pix with a PSP), else the sandbox rail when the stage runs sandbox
// rails, else none, and the purchase is refused before anything is written. Kept apart from
// the adapters so the purchase handler can ask without bundling them.
import { serviceConfig } from '../config.ts';
import type { PaymentMethodRow, RailName } from '../payment-methods.ts';
import { apiPixConfig } from './api-pix/api-pix-config.ts';

const liveRailConfigured: Record<Exclude<RailName, 'sandbox'>, () => boolean> = {
  'api-pix': () => apiPixConfig() !== null,
};

/** The rail that serves `row` on this stage, or null when none does. */
export function railNameFor(row: Pick<PaymentMethodRow, 'liveRail'>): RailName | null {
  if (row.liveRail && liveRailConfigured[row.liveRail]()) return row.liveRail;
  return serviceConfig().sandboxRails ? 'sandbox' : null;
}
