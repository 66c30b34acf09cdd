// Which rail serves a payment method on this stage: the row's live rail when the stage
// configures it (e.g. API Pix with a PSP), else the sandbox rail when the stage runs sandbox
// rails, else none, and the purchase is refused before anything is written. Kept apart from
// the adapters so the purchase handler can ask without bundling them.
//
// The stage says which live rails it runs in LIVE_RAILS (a comma list), given to the functions
// that route purchases or call a rail (`rails:choose`, `rails:live`): routing a purchase needs
// neither the rail's settings nor its secret.
import { optionalEnv, serviceConfig } from '../config.ts';
import type { PaymentMethodRow, RailName } from '../payment-methods.ts';

export const liveRailsEnv = 'LIVE_RAILS';

function liveRails(): string[] {
  return (optionalEnv(liveRailsEnv) ?? '').split(',').map((name) => name.trim());
}

/**
 * LIVE_RAILS of a stage that configures a PSP (its PIX_API_* settings): API Pix, and Pix Automático
 * where that PSP also has the account cycle charges credit (PIX_API_RECEIVER_CONTA).
 */
export function liveRailsOfStage(pixApiSettings: { PIX_API_RECEIVER_CONTA?: string | undefined }): string {
  return pixApiSettings.PIX_API_RECEIVER_CONTA ? 'api-pix,pix-automatico' : 'api-pix';
}

/** Whether the stage collects Pix Automático (asked without its settings: a checkout's methods). */
export function stageRunsPixAutomatico(): boolean {
  return liveRails().includes('pix-automatico');
}

/** The rail that serves `row` on this stage, or null when none does. */
export function railNameFor(row: Pick<PaymentMethodRow, 'liveRail'>): RailName | null {
  if (row.liveRail && liveRails().includes(row.liveRail)) return row.liveRail;
  return serviceConfig().sandboxRails ? 'sandbox' : null;
}

/**
 * Whether a rail gives money back (the adapter implements `refund`): the sandbox rails refund
 * every method; API Pix with a devolução of the Pix, and so does Pix Automático (a cycle's debit
 * or QR payment is a Pix with its endToEndId). Asked before a refund is taken, without the
 * adapter (the refund route holds no rail settings).
 */
export const railRefunds: Readonly<Record<RailName, boolean>> = {
  sandbox: true,
  'api-pix': true,
  'pix-automatico': true,
};

/** The rail a stored transaction is on: its own, else (older records) the stage's choice for its method. */
export function railNameOf(
  transaction: { rail?: RailName },
  row: Pick<PaymentMethodRow, 'liveRail'>,
): RailName | null {
  return transaction.rail ?? railNameFor(row);
}
