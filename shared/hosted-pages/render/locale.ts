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

/**
 * The page language an `Accept-Language` header asks for, by its q-values: Portuguese reads
 * pt-BR, Spanish es-CO (es-BO when asked for), English en; null when it names none of these.
 */
export function langFromAcceptLanguage(header: string | null | undefined): PageLang | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'pt' || tag.startsWith('pt-')) return 'pt-BR';
    if (tag === 'es-bo') return 'es-BO';
    if (tag === 'es' || tag.startsWith('es-')) return 'es-CO';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return null;
}

/**
 * The language of a page that shows no transaction (an invalid link, an error): the link's
 * currency when its address says it, else the browser's language, else English.
 */
export function payerLang(known: {
  currency?: PageCurrency | null;
  acceptLanguage?: string | null;
}): PageLang {
  if (known.currency) return langForCurrency(known.currency);
  return langFromAcceptLanguage(known.acceptLanguage) ?? 'en';
}
