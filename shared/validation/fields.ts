// Valibot pieces shared by the purchase variants. Every issue carries its own message so
// that valibot's defaults (which quote the received value) never reach a response.
import * as v from 'valibot';
import { type Checked, fail, ok } from './checked.ts';

const mustBeString = 'must be a string';

/** Runs a pure check on a string and either passes its normalised value on or reports its reason. */
export function checkedString<T>(check: (input: string) => Checked<T>) {
  return v.pipe(
    v.string(mustBeString),
    v.rawTransform<string, T>(({ dataset, addIssue, NEVER }) => {
      const result = check(dataset.value);
      if (result.ok) return result.value;
      addIssue({ message: result.reason });
      return NEVER;
    }),
  );
}

/** Optional field: absent, null, or valid. */
export function optionalField<S extends v.GenericSchema>(schema: S) {
  return v.nullish(schema);
}

// C0 controls and DEL: a receipt line or a stored identifier has no use for them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point: they are refused
const controlChars = /[\u0000-\u001f\u007f]/;

export interface TextRule {
  readonly max: number;
  /** Free text is trimmed; identifiers are kept as sent (they are looked up verbatim). */
  readonly trim: boolean;
}

/** 1..max characters (code points), valid Unicode, no control characters. */
export function checkText(input: string, rule: TextRule): Checked<string> {
  const text = rule.trim ? input.trim() : input;
  const length = [...text].length;
  if (text.trim().length === 0) return fail('must not be empty');
  if (length > rule.max) return fail(`must be at most ${rule.max} characters`);
  if (!text.isWellFormed()) return fail('must be valid Unicode text');
  if (controlChars.test(text)) return fail('must not contain control characters');
  return ok(text);
}

export const freeText = (max = 255) => checkedString((input) => checkText(input, { max, trim: true }));
export const identifier = (max = 255) => checkedString((input) => checkText(input, { max, trim: false }));

/** Optional free text where an empty string means "not given" (e.g. address complement). */
export const optionalFreeText = (max = 255) =>
  v.nullish(
    checkedString((input) => (input.trim() === '' ? ok(null) : checkText(input, { max, trim: true }))),
  );

export const maxEmailLength = 254;

// valibot's email pattern: dot-atoms of word characters, a domain with a 2+ letter TLD.
const emailPattern = /^[\w+-]+(?:\.[\w+-]+)*@[\da-zA-Z]+(?:[.-][\da-zA-Z]+)*\.[a-zA-Z]{2,}$/u;

export function checkEmail(input: string): Checked<string> {
  const email = input.trim();
  if (email.length > maxEmailLength) return fail(`must be at most ${maxEmailLength} characters`);
  return emailPattern.test(email) ? ok(email) : fail('must be a valid e-mail address');
}

export const maxUrlLength = 2048;

/**
 * Postback URL: absolute http(s), a host, no credentials, no whitespace, ≤ 2048 characters.
 * Whether plain http or private addresses are allowed is decided at delivery
 * (ALLOW_INSECURE_POSTBACK); here only the syntax is checked. Returned as sent (trimmed).
 */
export function checkPostbackUrl(input: string): Checked<string> {
  const text = input.trim();
  const rule = 'must be an absolute http or https URL';
  if (text.length > maxUrlLength) return fail(`must be at most ${maxUrlLength} characters`);
  // The WHATWG parser forgives extra slashes and backslashes; a postback URL should not need it.
  if (!/^https?:\/\/[^\s/\\][^\s\\]*$/i.test(text) || controlChars.test(text)) return fail(rule);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail(rule);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return fail(rule);
  if (url.username !== '' || url.password !== '')
    return fail('must not contain credentials (user:password@)');
  return ok(text);
}
