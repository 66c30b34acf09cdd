import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatInstant,
  langForCurrency,
  langFromAcceptLanguage,
  payerLang,
  timeZoneForCurrency,
} from '../../shared/hosted-pages/render/locale.ts';

describe('page locale', () => {
  it("reads the payer's language from Accept-Language by q-value, English when it names none", () => {
    expect(langFromAcceptLanguage('pt-BR,pt;q=0.9,en;q=0.8')).toBe('pt-BR');
    expect(langFromAcceptLanguage('en-US,en;q=0.9,es;q=0.95')).toBe('en');
    expect(langFromAcceptLanguage('fr-FR, es;q=0.5, pt;q=0.7')).toBe('pt-BR');
    expect(langFromAcceptLanguage('es-419')).toBe('es-CO');
    expect(langFromAcceptLanguage('es-BO')).toBe('es-BO');
    expect(langFromAcceptLanguage('PT')).toBe('pt-BR');
    expect(langFromAcceptLanguage('pt;q=0, es')).toBe('es-CO');
    expect(langFromAcceptLanguage('de, fr;q=0.8')).toBeNull();
    expect(langFromAcceptLanguage('')).toBeNull();
    expect(langFromAcceptLanguage(undefined)).toBeNull();
  });

  it("speaks the link's currency's language before the browser's", () => {
    expect(payerLang({ currency: 'BRL', acceptLanguage: 'es' })).toBe('pt-BR');
    expect(payerLang({ currency: 'BOB' })).toBe('es-BO');
    expect(payerLang({ acceptLanguage: 'es-CO' })).toBe('es-CO');
    expect(payerLang({ acceptLanguage: 'de' })).toBe('en');
    expect(payerLang({})).toBe('en');
  });

  it('picks the payer language and time zone from the currency', () => {
    expect(langForCurrency('BRL')).toBe('pt-BR');
    expect(langForCurrency('COP')).toBe('es-CO');
    expect(langForCurrency('BOB')).toBe('es-BO');
    expect(timeZoneForCurrency('BRL')).toBe('America/Sao_Paulo');
    expect(timeZoneForCurrency('COP')).toBe('America/Bogota');
    expect(timeZoneForCurrency('BOB')).toBe('America/La_Paz');
  });

  it('formats a calendar date without shifting it across time zones', () => {
    expect(formatCalendarDate('2026-03-28', 'pt-BR')).toBe('28/03/2026');
    expect(formatCalendarDate('2026-01-01', 'es-CO')).toBe('01/01/2026');
    expect(formatCalendarDate('2026-03-28', 'en').replace(/\s+/gu, ' ')).toMatch(/^March 28, 2026$/);
  });

  it('shows a malformed date as given rather than inventing one', () => {
    expect(formatCalendarDate('28/03/2026', 'pt-BR')).toBe('28/03/2026');
    expect(formatInstant('yesterday', 'en', 'BRL')).toBe('yesterday');
  });

  it("formats an instant in the currency's country time with the zone named", () => {
    // Asserted piece by piece: ICU updates change spacing (U+202F before "p. m."), punctuation
    // and sometimes a zone's short name (BRT or GMT-3), never the date, the local time or the zone.
    const at = '2026-03-25T17:30:00Z';
    const shown = (lang: 'pt-BR' | 'es-CO' | 'es-BO', currency: 'BRL' | 'COP' | 'BOB') =>
      formatInstant(at, lang, currency).replace(/\s+/gu, ' ');
    const brazil = shown('pt-BR', 'BRL');
    expect(brazil).toMatch(/\b25 de março de 2026\b/);
    expect(brazil).toMatch(/(?<!\d)14:30(?!\d)/);
    expect(brazil).toMatch(/\b(BRT|GMT-3|UTC-3)\b/);
    const colombia = shown('es-CO', 'COP');
    expect(colombia).toMatch(/\b25 de marzo de 2026\b/);
    expect(colombia).toMatch(/(?<!\d)12:30 ?p\.? ?m\.?/);
    expect(colombia).toMatch(/\b(COT|GMT-5|UTC-5)\b/);
    const bolivia = shown('es-BO', 'BOB');
    expect(bolivia).toMatch(/\b25 de marzo de 2026\b/);
    expect(bolivia).toMatch(/(?<!\d)1:30 ?p\.? ?m\.?/);
    expect(bolivia).toMatch(/\b(BOT|GMT-4|UTC-4)\b/);
  });
});
