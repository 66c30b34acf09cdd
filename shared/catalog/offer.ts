// The offer as stored and as the API shows it; `toOffer` is the one mapping between them.

export const billingCycles = ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'SEMIANNUALLY', 'YEARLY'] as const;
export type BillingCycle = (typeof billingCycles)[number];

export interface OfferRecord {
  accountId: string;
  id: string;
  productId: string;
  name: string;
  amount: number;
  /** null: a one-time offer. */
  billingCycle: BillingCycle | null;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

/** What the API shows: the record without its account. */
export type Offer = Omit<OfferRecord, 'accountId'>;

export function toOffer(record: OfferRecord): Offer {
  return {
    id: record.id,
    productId: record.productId,
    name: record.name,
    amount: record.amount,
    billingCycle: record.billingCycle,
    active: record.active,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}
