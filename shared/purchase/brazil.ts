// Brazilian address parts of a boleto payer: the 27 federative units and the CEP.
import { type Checked, fail, ok } from '../validation/checked.ts';

/** The 26 states and the Federal District. */
export const brazilianUfs = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;
export type BrazilianUf = (typeof brazilianUfs)[number];

const ufSet: ReadonlySet<string> = new Set(brazilianUfs);

/** Case-insensitive; returned upper-case. */
export function parseUf(input: string): Checked<BrazilianUf> {
  const uf = input.trim().toUpperCase();
  return ufSet.has(uf)
    ? ok(uf as BrazilianUf)
    : fail('must be one of the 27 Brazilian UFs (e.g. SP, RJ, DF)');
}

/** CEP: 8 digits, optionally written `01310-100`. Returned as 8 digits. */
export function parseZipCode(input: string): Checked<string> {
  const text = input.trim();
  return /^\d{5}-?\d{3}$/.test(text) ? ok(text.replace('-', '')) : fail('must be 8 digits (e.g. 01310-100)');
}
