// The subscription's status machine (pure). PIX and BOLETO subscriptions start ACTIVE (their
// first cycle is charged at creation); a Pix Automático one starts PENDING_AUTHORIZATION until
// the payer authorizes the recurrence in their bank app, or EXPIRED when they never do.
// A cycle that ends unpaid makes it PAST_DUE; a paid cycle makes it ACTIVE again. The retries
// are spent when `maxUnpaidCyclesInARow` cycles in a row ended unpaid: it is then CANCELED with
// the reason `UNPAID` (no further cycle is charged).

export const subscriptionStatuses = [
  'PENDING_AUTHORIZATION',
  'ACTIVE',
  'PAST_DUE',
  'CANCELED',
  'EXPIRED',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** Why a subscription ended: the merchant's cancel, the payer's (on the recurrence), or unpaid cycles. */
export const cancelReasons = ['MERCHANT', 'PAYER', 'UNPAID'] as const;
export type CancelReason = (typeof cancelReasons)[number];

/** Cycles in a row that may end unpaid before the subscription is canceled (`UNPAID`). */
export const maxUnpaidCyclesInARow = 3;

export type SubscriptionChange =
  | { kind: 'authorized' }
  | { kind: 'authorization-expired' }
  | { kind: 'cycle-paid' }
  /** A cycle ended unpaid; `unpaidInARow` counts it. */
  | { kind: 'cycle-unpaid'; unpaidInARow: number }
  | { kind: 'canceled'; reason: CancelReason };

/** States that still charge cycles. */
export const billingStatuses: readonly SubscriptionStatus[] = ['ACTIVE', 'PAST_DUE'];

/** States a merchant may cancel. */
export const cancelableSubscriptionStatuses: readonly SubscriptionStatus[] = [
  'PENDING_AUTHORIZATION',
  'ACTIVE',
  'PAST_DUE',
];

export const isFinal = (status: SubscriptionStatus): boolean => status === 'CANCELED' || status === 'EXPIRED';

export interface StatusOutcome {
  status: SubscriptionStatus;
  /** Set when the change ended the subscription by canceling it. */
  cancelReason?: CancelReason;
}

/** Where `change` takes a subscription in `status`; null when the change does not apply there. */
export function nextStatus(status: SubscriptionStatus, change: SubscriptionChange): StatusOutcome | null {
  if (isFinal(status)) return null;
  switch (change.kind) {
    case 'authorized':
      return status === 'PENDING_AUTHORIZATION' ? { status: 'ACTIVE' } : null;
    case 'authorization-expired':
      return status === 'PENDING_AUTHORIZATION' ? { status: 'EXPIRED' } : null;
    case 'cycle-paid':
      return status === 'PAST_DUE' || status === 'ACTIVE' ? { status: 'ACTIVE' } : null;
    case 'cycle-unpaid':
      if (status === 'PENDING_AUTHORIZATION') return null;
      return change.unpaidInARow >= maxUnpaidCyclesInARow
        ? { status: 'CANCELED', cancelReason: 'UNPAID' }
        : { status: 'PAST_DUE' };
    case 'canceled':
      return { status: 'CANCELED', cancelReason: change.reason };
  }
}
