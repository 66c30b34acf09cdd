// Amounts in cents of their currency, formatted as the currency's people read them.
const locales: Record<string, string> = { BRL: 'pt-BR', COP: 'es-CO', BOB: 'es-BO' };
const formatters = new Map<string, Intl.NumberFormat>();

export function money(cents: number, currency: string): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    // Always the cents: every currency we take has them, and CLDR would round COP to whole pesos.
    formatter = new Intl.NumberFormat(locales[currency] ?? 'en', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(currency, formatter);
  }
  return formatter.format(cents / 100);
}

export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}
