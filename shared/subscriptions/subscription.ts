// The subscription as stored and as the API shows it; `toSubscription` is the one mapping.
import { randomUUID } from 'node:crypto';
import type { BillingCycle } from '../catalog/offer.ts';
import type { SaleTerms } from '../checkout/checkout-session.ts';
import type { SubscriptionMethod } from '../payment-methods.ts';
import type { BoletoAddress } from '../purchase/purchase-request.ts';
import type { ChargeRetry } from './charge-retry.ts';
import type { CancelReason, SubscriptionStatus } from './subscription-status.ts';

export interface SubscriptionCustomer {
  name: string;
  email: string;
  /** Digits as sent; null where the method makes it optional (PIX) and it was not sent. */
  phone: string | null;
  /** CPF or CNPJ, normalised. */
  document: string;
  /** Required by BOLETO subscriptions (a boleto names the payer's address). */
  address: BoletoAddress | null;
}

/**
 * Pix Automático: the recurrence the payer authorizes (API Pix `/rec`), fixed at creation. The
 * PSP's readings of it (GET) are what move the subscription; `idRec` names it at the PSP.
 */
export interface RecurrenceLink {
  idRec: string;
  journey: 1 | 2 | 3;
  /** Journeys 2 and 3: the BR Code the payer scans; null in journey 1 (the request reaches their bank app). */
  qr: string | null;
  /** Journey 3: cycle 1's payer page (its QR pays cycle 1 and authorizes the recurrence). */
  url: string | null;
  /** Unauthorized by then, the subscription is EXPIRED (and the recurrence canceled at the PSP). */
  authorizationExpiresAt: string;
}

/** A cycle whose charge is out and not yet known paid: checked at its deadline. */
export interface OpenCycle {
  cycle: number;
  transactionId: string;
}

export interface SubscriptionRecord {
  id: string;
  accountId: string;
  status: SubscriptionStatus;
  offerId: string;
  productId: string;
  /** The offer's name and price when the subscription was made: every cycle charges this. */
  description: string;
  amount: number;
  currency: 'BRL';
  billingCycle: BillingCycle;
  paymentMethod: SubscriptionMethod;
  customer: SubscriptionCustomer;
  /** Cycle 1's due date (YYYY-MM-DD, São Paulo): every cycle's due date is counted from it. */
  firstDueDate: string;
  /** The last cycle charged (0: none yet). */
  currentCycle: number;
  /** The transaction of the last cycle charged; null before the first. */
  currentTransactionId: string | null;
  /** The latest cycle charged and not yet known paid, checked at its deadline; null when none. */
  openCycle: OpenCycle | null;
  /** Cycles in a row that ended unpaid (0 once one is paid); a cycle whose charge was given up counts. */
  unpaidCycles: number;
  /**
   * The failed attempts at the next cycle's charge and when it is tried again (charge-retry.ts);
   * null (absent on older records) when none failed. After the last attempt the cycle is given
   * up: `currentCycle` moves to it while `currentTransactionId` keeps naming the last charge made.
   */
  chargeRetry?: ChargeRetry | null;
  /** The responsible party and fees of the cycles' charges, fixed at creation (like a checkout's). */
  terms: SaleTerms;
  externalId: string | null;
  /** What the merchant sent; null means the account's global URL (cycles' charges and events). */
  postbackUrl: string | null;
  metadata: Record<string, unknown> | null;
  createdAt: string;
  updatedAt: string;
  /** When it was made ACTIVE (null: never yet). */
  activatedAt: string | null;
  canceledAt: string | null;
  cancelReason: CancelReason | null;
  /** Pix Automático only (absent on the methods that charge each cycle anew). */
  recurrence?: RecurrenceLink;
}

export interface SubscriptionView {
  id: string;
  status: SubscriptionStatus;
  offerId: string;
  productId: string;
  amount: number;
  currency: 'BRL';
  billingCycle: BillingCycle;
  paymentMethod: SubscriptionMethod;
  customer: { name: string; email: string; phone: string | null; document: string };
  /**
   * Pix Automático while it waits for the payer: the QR (journeys 2 and 3) and the payer page
   * (journey 3) the payer authorizes the recurrence with; null otherwise.
   */
  authorization: { qr: string | null; url: string | null } | null;
  /** The last cycle charged (0: none yet), its transaction and the next cycle's dates. */
  currentCycle: number;
  currentTransactionId: string | null;
  /** The due date (YYYY-MM-DD) of the next cycle not charged yet; null once it ended. */
  nextDueDate: string | null;
  /** The day (YYYY-MM-DD, São Paulo) the next cycle's charge is created; null once it ended. */
  nextChargeDate: string | null;
  externalId: string | null;
  postbackUrl: string | null;
  metadata: Record<string, unknown> | null;
  createdAt: string;
  updatedAt: string;
  activatedAt: string | null;
  canceledAt: string | null;
  cancelReason: CancelReason | null;
}

const subscriptionIdPattern = /^sub_[0-9a-f]{32}$/;

/** `sub_` and 32 hex digits: no separators, so an event id can name it as its subject. */
export const newSubscriptionId = (): string => `sub_${randomUUID().replaceAll('-', '')}`;

export const isSubscriptionId = (value: string): boolean => subscriptionIdPattern.test(value);

/** What a new subscription is made of; the rest starts empty (no cycle charged yet). */
export type NewSubscription = Pick<
  SubscriptionRecord,
  | 'id'
  | 'accountId'
  | 'offerId'
  | 'productId'
  | 'description'
  | 'amount'
  | 'billingCycle'
  | 'paymentMethod'
  | 'customer'
  | 'firstDueDate'
  | 'terms'
  | 'externalId'
  | 'postbackUrl'
  | 'metadata'
>;

/** A subscription that charges each cycle anew: ACTIVE from the start (cycle 1 is charged at once). */
export function newSubscriptionRecord(input: NewSubscription, now: Date): SubscriptionRecord {
  const at = now.toISOString();
  return {
    ...input,
    status: 'ACTIVE',
    currency: 'BRL',
    currentCycle: 0,
    currentTransactionId: null,
    openCycle: null,
    unpaidCycles: 0,
    chargeRetry: null,
    createdAt: at,
    updatedAt: at,
    activatedAt: null,
    canceledAt: null,
    cancelReason: null,
  };
}
