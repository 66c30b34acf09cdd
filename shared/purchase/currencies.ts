// The rails the purchase endpoint serves: currency → payment methods, and the method a
// currency falls back to when the body names none (BRL has no default: the contract makes
// paymentMethod mandatory there).

export const purchaseCurrencies = ['BRL', 'COP', 'BOB'] as const;
export type PurchaseCurrency = (typeof purchaseCurrencies)[number];

export const copMethods = ['BANK_TRANSFER', 'PSE', 'NEQUI', 'BREB'] as const;
export type CopMethod = (typeof copMethods)[number];

export const methodsByCurrency = {
  BRL: ['BOLETO'],
  COP: copMethods,
  BOB: ['QR'],
} as const satisfies Record<PurchaseCurrency, readonly string[]>;

export type PurchaseMethod = (typeof methodsByCurrency)[PurchaseCurrency][number];

/** Every method of every currency, once. */
export const purchaseMethods: readonly PurchaseMethod[] = [
  ...new Set(Object.values(methodsByCurrency).flat()),
];

export const defaultMethod: Record<PurchaseCurrency, PurchaseMethod | null> = {
  BRL: null,
  COP: 'BANK_TRANSFER',
  BOB: 'QR',
};

/** Methods the contract names for BRL but this service does not offer. */
export const unsupportedBrlMethods = ['PIX', 'CREDIT_CARD'] as const;

export function isPurchaseCurrency(value: unknown): value is PurchaseCurrency {
  return typeof value === 'string' && (purchaseCurrencies as readonly string[]).includes(value);
}

export function isMethodOf<C extends PurchaseCurrency>(
  currency: C,
  method: unknown,
): method is (typeof methodsByCurrency)[C][number] {
  return typeof method === 'string' && (methodsByCurrency[currency] as readonly string[]).includes(method);
}
