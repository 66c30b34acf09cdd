// The API's field errors ("url: must be an absolute http or https URL") in the dashboard's
// language: the rule and the field it names, each from the catalogue. The API answers in English
// and names the field by its code; a rule or field the catalogue has no words for keeps the API's
// whole English message, so the merchant always reads what the service said, never a bare code.
import { t } from './i18n/i18n.ts';
import { en, type MessageId } from './i18n/messages/en.ts';

interface RuleWords {
  readonly pattern: RegExp;
  readonly id: MessageId;
  /** The message's placeholders from the pattern's groups. */
  readonly values?: (match: RegExpExecArray) => Record<string, string>;
}

/** The API's rules (shared/validation, the schemas), as the English they are written in. */
const rules: readonly RuleWords[] = [
  { pattern: /^must not be empty$/, id: 'apiRule.empty' },
  { pattern: /^must be at most (\d+) characters$/, id: 'apiRule.tooLong', values: (m) => ({ max: m[1]! }) },
  { pattern: /^must be valid Unicode text$/, id: 'apiRule.unicode' },
  { pattern: /^must not contain control characters/, id: 'apiRule.controlCharacters' },
  { pattern: /^must be an absolute http or https URL$/, id: 'apiRule.url' },
  { pattern: /^must not contain credentials \(user:password@\)$/, id: 'apiRule.urlCredentials' },
  { pattern: /^must be a valid e-mail address$/, id: 'apiRule.email' },
  { pattern: /^is already in use by another product of this account$/, id: 'apiRule.externalIdTaken' },
  {
    pattern: /^must be a colour like (#[0-9a-f]{6})$/,
    id: 'apiRule.colour',
    values: (m) => ({ example: m[1]! }),
  },
  { pattern: /^the image is over (\d+ MB)$/, id: 'apiRule.imageTooLarge', values: (m) => ({ limit: m[1]! }) },
  {
    pattern: /^must be a CPF or CNPJ with only digits, letters and the punctuation \. \/ -$/,
    id: 'apiRule.documentCharacters',
  },
  {
    pattern: /^must be a CPF \(11 digits\) or a CNPJ \(14 characters, the last two digits\)$/,
    id: 'apiRule.document',
  },
  { pattern: /^is not a valid CPF \(check digits do not match\)$/, id: 'apiRule.cpfDigits' },
  { pattern: /^is not a valid CNPJ \(check digits do not match\)$/, id: 'apiRule.cnpjDigits' },
  { pattern: /^must be an IANA time zone such as /, id: 'apiRule.timeZone' },
];

/** The rule in the dashboard's language; null when the catalogue has no words for it. */
export function ruleWords(rule: string): string | null {
  for (const { pattern, id, values } of rules) {
    const match = pattern.exec(rule);
    if (match) return t(id, values?.(match));
  }
  return null;
}

/** A field the API names, as the dashboard calls it; null when the catalogue has no word for it. */
export function fieldWords(field: string): string | null {
  const id = `apiField.${field}`;
  return id in en ? t(id as MessageId) : null;
}

/**
 * An API error message in the dashboard's language: `rule` alone (for the field's own error,
 * under its label) and `message` with the field's name; null where either has no words.
 */
export function apiErrorWords(field: string | null, rule: string): { rule: string; message: string } | null {
  const words = ruleWords(rule);
  if (words === null) return null;
  if (field === null) return { rule: words, message: words };
  const name = fieldWords(field);
  return name === null
    ? null
    : { rule: words, message: t('apiError.withField', { field: name, rule: words }) };
}
