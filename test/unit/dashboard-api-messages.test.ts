import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, messageOf } from '../../functions/dashboard/api.ts';
import { activateLanguage } from '../../functions/dashboard/i18n/i18n.ts';
import { updateBrandingSchema } from '../../shared/accounts/branding-schemas.ts';
import { updateSaleSettingsSchema } from '../../shared/accounts/sale-settings.ts';
import { externalIdTaken } from '../../shared/catalog/product-errors.ts';
import { fileOverImageLimit, imageTooLarge, maxImageBytes } from '../../shared/http/too-large.ts';
import { formatIssues } from '../../shared/http/validation.ts';
import { parseBrazilianDocument } from '../../shared/purchase/documents.ts';
import type { Checked } from '../../shared/validation/checked.ts';
import { checkEmail, checkPostbackUrl, checkText } from '../../shared/validation/fields.ts';

describe('dashboard error messages', () => {
  it("shows the service's 413 as it says it, naming the field", () => {
    const message = messageOf(413, { status: 413, error: 'image: the image is over 4 MB' });
    expect(message).toBe('image: the image is over 4 MB');
    expect(new ApiError(413, message)).toMatchObject({ field: 'image', detail: 'the image is over 4 MB' });
  });

  it("words the platform's own 413 (API Gateway's, Lambda's) as the image limit", () => {
    // What AWS answers before the function runs: a text body, or Lambda's "Request Too Long".
    for (const body of [undefined, { message: 'Request Too Long' }])
      expect(messageOf(413, body)).toBe('image: the image is over 4 MB');
  });
});

describe('image size before upload', () => {
  it('refuses a file over 4 MiB in the same words, and lets one at the limit through', () => {
    expect(fileOverImageLimit({ size: maxImageBytes })).toBeNull();
    expect(fileOverImageLimit({ size: maxImageBytes + 1 })).toBe('image: the image is over 4 MB');
  });
});

describe("the API's field errors in the dashboard's language", () => {
  /** What the API answers, "field: rule", for mistakes a merchant can make in the dashboard's forms. */
  const apiMessages = (): string[] => {
    const reasonOf = (checked: Checked<unknown>) => (checked.ok ? 'accepted' : checked.reason);
    const schemaMessage = (schema: v.GenericSchema, input: unknown) => {
      const result = v.safeParse(schema, input);
      return result.success ? 'accepted' : formatIssues(result.issues);
    };
    return [
      `name: ${reasonOf(checkText(' ', { max: 255, trim: true }))}`,
      `description: ${reasonOf(checkText('x'.repeat(300), { max: 255, trim: true }))}`,
      `url: ${reasonOf(checkPostbackUrl('ftp://example.com'))}`,
      `url: ${reasonOf(checkPostbackUrl('https://user:secret@example.com'))}`,
      `replyTo: ${reasonOf(checkEmail('maria@'))}`,
      externalIdTaken().message,
      imageTooLarge('image'),
      `responsibleDocument: ${reasonOf(parseBrazilianDocument('123'))}`,
      `responsibleDocument: ${reasonOf(parseBrazilianDocument('529.982.247-26'))}`,
      `responsibleDocument: ${reasonOf(parseBrazilianDocument('11.222.333/0001-82'))}`,
      `responsibleDocument: ${reasonOf(parseBrazilianDocument('529*982'))}`,
      schemaMessage(updateBrandingSchema, { displayName: null, brandColor: 'red' }),
      schemaMessage(updateSaleSettingsSchema, { timeZone: 'Mars/Olympus' }),
    ];
  };

  afterEach(() => activateLanguage('en'));

  it('reads in English as the API wrote it', () => {
    for (const message of apiMessages()) expect(new ApiError(400, message).message).toBe(message);
  });

  it.each(['pt-BR', 'es'] as const)('reads in %s, the field by its name, the rule in words', (language) => {
    activateLanguage(language);
    for (const message of apiMessages()) {
      const error = new ApiError(400, message);
      const [field, rule] = message.split(': ', 2) as [string, string];
      expect(error.message, message).not.toContain(rule);
      expect(error.message, message).not.toContain(`${field}:`);
      expect(error.detail, message).toBe(error.message.split(': ').slice(1).join(': '));
    }
  });

  it("keeps the API's English where the catalogue has no words", () => {
    activateLanguage('pt-BR');
    const unknownRule = 'url: must be reachable from the internet';
    expect(new ApiError(400, unknownRule).message).toBe(unknownRule);
    const unknownField = 'responsibleExternalIdx: must not be empty';
    expect(new ApiError(400, unknownField).message).toBe(unknownField);
  });
});
