// How an export writes numbers for its reader: where the decimal mark is a comma (pt-BR, es) the
// fields are separated by `;`, as spreadsheets in those locales expect; in English by `,`.
import type { CsvSeparator } from './csv.ts';

export const exportLocales = ['pt-BR', 'es', 'en'] as const;
export type ExportLocale = (typeof exportLocales)[number];

export interface ExportFormat {
  locale: ExportLocale;
  separator: CsvSeparator;
  decimalMark: ',' | '.';
}

export function exportFormatOf(locale: ExportLocale): ExportFormat {
  return locale === 'en'
    ? { locale, separator: ',', decimalMark: '.' }
    : { locale, separator: ';', decimalMark: ',' };
}

/** The locale of an `Accept-Language` header: its first language we write, else English. */
export function exportLocaleOf(acceptLanguage: string | undefined): ExportLocale {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, position) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const weight = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.toLowerCase(), weight: weight === undefined ? 1 : Number(weight), position };
    })
    .filter(({ tag, weight }) => tag.length > 0 && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.position - b.position);
  for (const { tag } of ranked) {
    if (tag === 'pt' || tag.startsWith('pt-')) return 'pt-BR';
    if (tag === 'es' || tag.startsWith('es-')) return 'es';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'en';
}

/**
 * Cents as units of the currency (every currency the service takes has two decimals): 1234567 →
 * `12345.67`, or `12345,67`; no thousands separator, so every spreadsheet reads it as a number.
 */
export function unitsOf(cents: number, format: ExportFormat): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const units = Math.floor(absolute / 100);
  const rest = String(absolute % 100).padStart(2, '0');
  return `${sign}${units}${format.decimalMark}${rest}`;
}
