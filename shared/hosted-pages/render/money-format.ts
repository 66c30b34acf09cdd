import type { PageCurrency } from './view-models.ts';

// Amounts are shown in the currency's own locale, whatever the page language, because that is
// how the payer's bank app shows them: BRL "R$ 1.234,56" (pt-BR), BOB "Bs 1.234,50" (es-BO),
// COP "$ 10.000" (es-CO). Colombian pesos are written without decimals; a COP amount with
// non-zero cents (possible: amounts are cents) shows two decimals, "$ 10.000,50", rather than
// being rounded, because a payment page must never display a different amount than is charged.
// Intl puts a no-break space (U+00A0) between symbol and digits so they never wrap apart.
const locales: Record<PageCurrency, string> = { BRL: 'pt-BR', COP: 'es-CO', BOB: 'es-BO' };

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: PageCurrency, fractionDigits: 0 | 2): Intl.NumberFormat {
  const key = `${currency}:${fractionDigits}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(locales[currency], {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, found);
  }
  return found;
}

export function moneyLocale(currency: PageCurrency): string {
  return locales[currency];
}

/** Formats integer cents; throws on non-integers (money is integer cents everywhere). */
export function formatMoney(amountCents: number, currency: PageCurrency): string {
  if (!Number.isSafeInteger(amountCents)) {
    throw new RangeError(`amountCents: must be a safe integer (cents of ${currency}), got ${amountCents}`);
  }
  const negative = amountCents < 0;
  const abs = Math.abs(amountCents);
  const units = Math.trunc(abs / 100);
  const cents = abs % 100;
  const digits = currency === 'COP' && cents === 0 ? 0 : 2;
  // A decimal string keeps the value exact (no binary floating point division).
  const decimal = `${negative ? '-' : ''}${units}.${String(cents).padStart(2, '0')}`;
  return formatter(currency, digits).format(decimal as Intl.StringNumericLiteral);
}
