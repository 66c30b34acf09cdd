import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatInstant,
  langForCurrency,
  timeZoneForCurrency,
} from '../../shared/hosted-pages/render/locale.ts';

describe('page locale', () => {
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
    expect(formatCalendarDate('2026-03-28', 'en')).toBe('March 28, 2026');
  });

  it('shows a malformed date as given rather than inventing one', () => {
    expect(formatCalendarDate('28/03/2026', 'pt-BR')).toBe('28/03/2026');
    expect(formatInstant('yesterday', 'en', 'BRL')).toBe('yesterday');
  });

  it("formats an instant in the currency's country time with the zone named", () => {
    const at = '2026-03-25T17:30:00Z';
    expect(formatInstant(at, 'pt-BR', 'BRL')).toBe('25 de março de 2026 às 14:30 BRT');
    expect(formatInstant(at, 'es-CO', 'COP')).toBe('25 de marzo de 2026 a las 12:30 p. m. COT');
    expect(formatInstant(at, 'es-BO', 'BOB')).toBe('25 de marzo de 2026 a las 1:30 p. m. BOT');
  });
});
