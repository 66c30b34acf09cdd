import type { PageCurrency, PageLang } from './view-models.ts';

// The payer's language and clock follow the currency: a boleto is paid in Brazil, COP rails
// are Colombian, BOB QR codes Bolivian. Times are shown in that country's time zone because
// the payer's bank cut-offs and the merchant's receipts use it.
const byCurrency: Record<PageCurrency, { lang: PageLang; timeZone: string }> = {
  BRL: { lang: 'pt-BR', timeZone: 'America/Sao_Paulo' },
  COP: { lang: 'es-CO', timeZone: 'America/Bogota' },
  BOB: { lang: 'es-BO', timeZone: 'America/La_Paz' },
};

export function langForCurrency(currency: PageCurrency): PageLang {
  return byCurrency[currency].lang;
}

export function timeZoneForCurrency(currency: PageCurrency): string {
  return byCurrency[currency].timeZone;
}

/** A calendar date (YYYY-MM-DD) as the payer writes it; no time zone shift. */
export function formatCalendarDate(isoDate: string, lang: PageLang): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(date.getTime())) return isoDate;
  const style: Intl.DateTimeFormatOptions =
    lang === 'en'
      ? { dateStyle: 'long', timeZone: 'UTC' }
      : { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(lang, style).format(date);
}

/** An instant (ISO 8601) in the currency's country time, with the zone named. */
export function formatInstant(iso: string, lang: PageLang, currency: PageCurrency): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(lang, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: timeZoneForCurrency(currency),
    timeZoneName: 'short',
  }).format(date);
}
