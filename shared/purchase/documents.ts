// Identity documents of payers and merchants, checked offline: Brazilian CPF/CNPJ by their
// check digits, Colombian and Bolivian documents by plausible format (and the NIT check digit
// when given). Reasons never repeat the number: it is personal data.
import { type Checked, fail, ok } from '../validation/checked.ts';

export type BrazilianDocumentType = 'CPF' | 'CNPJ';
export type ColombianDocumentType = 'CC' | 'CE' | 'TI' | 'NIT';
export type BolivianDocumentType = 'CI' | 'NIT' | 'PAS';

export interface BrazilianDocument {
  readonly type: BrazilianDocumentType;
  /** 11 digits (CPF) or 14 upper-case characters (CNPJ), punctuation removed. */
  readonly number: string;
}

export interface ForeignDocument<T extends string> {
  /** Upper-cased, separators removed (see the parse functions for what is kept). */
  readonly number: string;
  /** Every document type the number is plausibly an instance of; never empty. */
  readonly types: readonly T[];
}

const allSame = (text: string) => /^(.)\1*$/.test(text);

// ---------------------------------------------------------------- Brazil

/** Mod-11 check digit over `values` with weights 2, 3, … `maxWeight` cycling from the right. */
function mod11(values: readonly number[], maxWeight: number): number {
  let sum = 0;
  let weight = 2;
  for (let i = values.length - 1; i >= 0; i--) {
    sum += (values[i] ?? 0) * weight;
    weight = weight === maxWeight ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** `digits`: exactly 11 ASCII digits. Repeated-digit numbers pass the arithmetic but are not issued. */
export function isValidCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || allSame(digits)) return false;
  const values = [...digits].map(Number);
  const first = mod11(values.slice(0, 9), 11);
  const second = mod11([...values.slice(0, 9), first], 11);
  return values[9] === first && values[10] === second;
}

/**
 * `chars`: 14 characters, the first 12 in [0-9A-Z] and the last two digits.
 * The alphanumeric CNPJ (in force since July 2026, Nota Técnica conjunta COCAD/SUARA/RFB
 * nº 49/2024, SERPRO's "Cálculo dos dígitos verificadores do CNPJ alfanumérico") keeps the
 * mod-11 rule with weights 2..9 cycling from the right and gives each character the value
 * of its ASCII code minus 48 (digits keep their value, A=17 … Z=42), so every numeric CNPJ
 * keeps its check digits. Example published by the Receita Federal: 12.ABC.345/01DE-35.
 */
export function isValidCnpj(chars: string): boolean {
  if (!/^[0-9A-Z]{12}\d{2}$/.test(chars) || allSame(chars)) return false;
  const values = [...chars].map((char) => char.charCodeAt(0) - 48);
  const first = mod11(values.slice(0, 12), 9);
  const second = mod11([...values.slice(0, 12), first], 9);
  return values[12] === first && values[13] === second;
}

/** CPF or CNPJ; the punctuation `.`, `/` and `-` is accepted and removed, letters are upper-cased. */
export function parseBrazilianDocument(input: string): Checked<BrazilianDocument> {
  const compact = input.trim().replace(/[./-]/g, '').toUpperCase();
  if (!/^[0-9A-Z]+$/.test(compact))
    return fail('must be a CPF or CNPJ with only digits, letters and the punctuation . / -');
  if (compact.length === 11 && /^\d+$/.test(compact)) {
    return isValidCpf(compact)
      ? ok({ type: 'CPF', number: compact })
      : fail('is not a valid CPF (check digits do not match)');
  }
  if (compact.length === 14 && /^[0-9A-Z]{12}\d{2}$/.test(compact)) {
    return isValidCnpj(compact)
      ? ok({ type: 'CNPJ', number: compact })
      : fail('is not a valid CNPJ (check digits do not match)');
  }
  return fail('must be a CPF (11 digits) or a CNPJ (14 characters, the last two digits)');
}

// ---------------------------------------------------------------- Colombia

/** DIAN weights (Orden Administrativa 4 de 1989), applied from the rightmost digit. */
const dianWeights = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71] as const;

/** Check digit (DV) of a Colombian NIT of up to 15 digits. */
export function nitCheckDigit(digits: string): number {
  if (!/^\d{1,15}$/.test(digits)) throw new RangeError('NIT must be 1 to 15 digits');
  let sum = 0;
  [...digits].reverse().forEach((digit, i) => {
    sum += Number(digit) * (dianWeights[i] ?? 0);
  });
  const rest = sum % 11;
  return rest > 1 ? 11 - rest : rest;
}

const colombianTypes = 'a CC, NIT, CE or TI number';

/**
 * Payer document for COP: CC (6–10 digits), TI (10–11 digits), NIT (9–10 digits, optionally
 * `-DV`, and then the DV must match), CE (6–12 letters or digits, at least one digit).
 * No type prefix: the number alone is accepted when it fits any of the four. Dots and spaces
 * are removed; a hyphen is kept only as the NIT's `-DV` separator.
 */
export function parseColombianDocument(input: string): Checked<ForeignDocument<ColombianDocumentType>> {
  const compact = input.trim().toUpperCase().replace(/[.\s]/g, '');
  const withDv = /^(\d{9,10})-(\d)$/.exec(compact);
  if (withDv) {
    const [, body = '', dv = ''] = withDv;
    return nitCheckDigit(body) === Number(dv)
      ? ok({ number: `${body}-${dv}`, types: ['NIT'] })
      : fail('NIT check digit (after the hyphen) does not match');
  }
  const number = compact.replace(/-/g, '');
  const types: ColombianDocumentType[] = [];
  if (/^\d{6,10}$/.test(number)) types.push('CC');
  if (/^\d{9,10}$/.test(number)) types.push('NIT');
  if (/^[0-9A-Z]{6,12}$/.test(number) && /\d/.test(number)) types.push('CE');
  if (/^\d{10,11}$/.test(number)) types.push('TI');
  return types.length > 0 ? ok({ number, types }) : fail(`must be ${colombianTypes}`);
}

// ---------------------------------------------------------------- Bolivia

/** Department extensions written after a CI number (La Paz, Cochabamba, Santa Cruz, …). */
export const bolivianCiExtensions = ['LP', 'CB', 'SC', 'OR', 'PT', 'CH', 'TJ', 'BE', 'PD'] as const;

// Lazy complement so that "1234567-LP" reads as an extension, not as a complement "LP".
const ciPattern = new RegExp(`^\\d{5,10}(?:-[0-9A-Z]{1,2})??(?:-?(?:${bolivianCiExtensions.join('|')}))?$`);

/**
 * Payer document for BOB: CI (5–10 digits, optional SEGIP complement such as `-1A`, optional
 * department extension such as `LP`), NIT (7–12 digits), PAS (passport, 6–9 letters or
 * digits, at least one digit, no separators). Dots are removed and runs of spaces/hyphens become one hyphen,
 * so `1234567 1A LP` is returned as `1234567-1A-LP`.
 */
export function parseBolivianDocument(input: string): Checked<ForeignDocument<BolivianDocumentType>> {
  const number = input
    .trim()
    .toUpperCase()
    .replace(/\./g, '')
    .replace(/[\s-]+/g, '-')
    .replace(/^-|-$/g, '');
  const types: BolivianDocumentType[] = [];
  if (ciPattern.test(number)) types.push('CI');
  if (/^\d{7,12}$/.test(number)) types.push('NIT');
  if (/^[0-9A-Z]{6,9}$/.test(number) && /\d/.test(number)) types.push('PAS');
  return types.length > 0 ? ok({ number, types }) : fail('must be a CI, NIT or PAS number');
}
