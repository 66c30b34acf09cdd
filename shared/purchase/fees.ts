// costFee of a transaction, in cents of its currency: a fixed part plus a percentage in basis
// points (1 bp = 0.01 %), rounded half up to whole cents. Accounts may override any rail.
import { type MethodKey, methodKey, type PurchaseCurrency, paymentMethods } from '../payment-methods.ts';

export interface FeeRule {
  /** Cents of the transaction's currency, a non-negative integer. */
  readonly fixed: number;
  /** 0..10000 (0 % to 100 %), an integer. */
  readonly percentBasisPoints: number;
}

/** Every row of the payment-method catalogue, as `currency:method`. */
export const feeKeys: readonly MethodKey[] = paymentMethods.map(methodKey);
export type FeeKey = MethodKey;
export type FeeTable = Readonly<Record<FeeKey, FeeRule>>;
export type FeeOverrides = Readonly<Partial<Record<FeeKey, FeeRule>>>;

/** The catalogue's default fees (illustrative, in the range of Latin American acquirers' prices). */
export const defaultFees: FeeTable = Object.fromEntries(
  paymentMethods.map((row) => [methodKey(row), row.fee]),
) as FeeTable;

export function feeKey(currency: PurchaseCurrency, method: string): FeeKey {
  const key = `${currency}:${method}`;
  if (!(feeKeys as readonly string[]).includes(key)) throw new RangeError(`no fee rail ${key}`);
  return key as FeeKey;
}

export function isFeeRule(rule: unknown): rule is FeeRule {
  if (typeof rule !== 'object' || rule === null) return false;
  const { fixed, percentBasisPoints } = rule as Record<string, unknown>;
  return (
    Number.isSafeInteger(fixed) &&
    (fixed as number) >= 0 &&
    Number.isInteger(percentBasisPoints) &&
    (percentBasisPoints as number) >= 0 &&
    (percentBasisPoints as number) <= 10_000
  );
}

/**
 * Fee in cents for `amount` cents on the rail `currency:method`, from `overrides` when it has
 * the rail, else from `defaultFees`. Throws on a rail that does not exist, a non-positive or
 * non-integer amount, or a malformed rule (configuration errors, not client input).
 */
export function computeCostFee(
  amount: number,
  currency: PurchaseCurrency,
  method: string,
  overrides?: FeeOverrides,
): number {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new RangeError('amount must be a positive integer of cents');
  const key = feeKey(currency, method);
  const rule = overrides?.[key] ?? defaultFees[key];
  if (!isFeeRule(rule))
    throw new RangeError(`fee rule for ${key} must have integer fixed >= 0 and percentBasisPoints 0..10000`);
  // Exact integer arithmetic: BigInt keeps amount × bp exact beyond 2^53.
  const scaled = BigInt(amount) * BigInt(rule.percentBasisPoints);
  const percent = Number((scaled + 5_000n) / 10_000n);
  return rule.fixed + percent;
}
