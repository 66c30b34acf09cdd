// costFee of a transaction, in cents of its currency: a fixed part plus a percentage in basis
// points (1 bp = 0.01 %), rounded half up to whole cents. Accounts may override any rail.
import type { PurchaseCurrency, PurchaseMethod } from './currencies.ts';

export interface FeeRule {
  /** Cents of the transaction's currency, a non-negative integer. */
  readonly fixed: number;
  /** 0..10000 (0 % to 100 %), an integer. */
  readonly percentBasisPoints: number;
}

export const feeKeys = [
  'BRL:BOLETO',
  'COP:BANK_TRANSFER',
  'COP:PSE',
  'COP:NEQUI',
  'COP:BREB',
  'BOB:QR',
] as const;
export type FeeKey = (typeof feeKeys)[number];
export type FeeTable = Readonly<Record<FeeKey, FeeRule>>;
export type FeeOverrides = Readonly<Partial<Record<FeeKey, FeeRule>>>;

/**
 * Illustrative defaults, in the range of Latin American acquirers' public prices:
 * boleto is priced per slip; bank rails by percentage, PSE (a bank redirect with a
 * per-transaction bank charge) with a fixed part as well.
 */
export const defaultFees: FeeTable = {
  'BRL:BOLETO': { fixed: 350, percentBasisPoints: 0 }, // R$ 3.50 per paid boleto
  'COP:BANK_TRANSFER': { fixed: 0, percentBasisPoints: 99 }, // 0.99 %
  'COP:PSE': { fixed: 90_000, percentBasisPoints: 149 }, // COP 900 + 1.49 %
  'COP:NEQUI': { fixed: 0, percentBasisPoints: 199 }, // 1.99 %
  'COP:BREB': { fixed: 0, percentBasisPoints: 49 }, // 0.49 %, the central bank's instant rail
  'BOB:QR': { fixed: 0, percentBasisPoints: 150 }, // 1.50 %
};

export function feeKey(currency: PurchaseCurrency, method: PurchaseMethod): FeeKey {
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
  method: PurchaseMethod,
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
