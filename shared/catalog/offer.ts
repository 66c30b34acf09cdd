// The offer as stored and as the API shows it; `toOffer` is the one mapping between them.
import type { PurchaseCurrency } from '../payment-methods.ts';

export const billingCycles = ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'SEMIANNUALLY', 'YEARLY'] as const;
export type BillingCycle = (typeof billingCycles)[number];

export interface OfferRecord {
  accountId: string;
  id: string;
  productId: string;
  name: string;
  amount: number;
  /** Absent on offers written before offers had a currency: those were BRL. */
  currency?: PurchaseCurrency;
  /** null: a one-time offer. */
  billingCycle: BillingCycle | null;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

/** What the API shows: the record without its account, always with its currency. */
export type Offer = Omit<OfferRecord, 'accountId' | 'currency'> & { currency: PurchaseCurrency };

/** Offers created before offers had a currency were priced in reais. */
export const currencyOf = (record: Pick<OfferRecord, 'currency'>): PurchaseCurrency =>
  record.currency ?? 'BRL';

export function toOffer(record: OfferRecord): Offer {
  return {
    id: record.id,
    productId: record.productId,
    name: record.name,
    amount: record.amount,
    currency: currencyOf(record),
    billingCycle: record.billingCycle,
    active: record.active,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

const offerIdPattern = /^off_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether a string can be an offer id at all; anything else is answered like an unknown offer. */
export const isOfferId = (value: string): boolean => offerIdPattern.test(value);
