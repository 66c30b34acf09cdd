// PUT/GET /v2/account/emails: which payer e-mails the account sends, the reply-to address and
// the sender's display name. A PUT sets the whole settings: an absent field takes its default.
import * as v from 'valibot';
import { emailKinds } from '../emails/email-kinds.ts';
import { checkEmail, checkedString, freeText, maxEmailLength } from '../validation/fields.ts';
import type { AccountEmailSettings } from './account.ts';

export const defaultEmailSettings: AccountEmailSettings = {
  instruction: true,
  receipt: true,
  replyTo: null,
  senderName: null,
};

export const emailSettingsOf = (account: { emailSettings?: AccountEmailSettings } | undefined) => ({
  ...defaultEmailSettings,
  ...account?.emailSettings,
});

const example = {
  instruction: true,
  receipt: true,
  replyTo: 'atendimento@loja.example',
  senderName: 'Loja Ana',
};

export const updateEmailSettingsSchema = v.pipe(
  v.strictObject({
    instruction: v.pipe(
      v.optional(v.boolean(), true),
      v.description('Send the payment instruction when it is ready (boleto attached, Pix code, page link).'),
    ),
    receipt: v.pipe(
      v.optional(v.boolean(), true),
      v.description('Send the receipt when the payment is received.'),
    ),
    replyTo: v.pipe(
      v.optional(v.nullable(checkedString(checkEmail, { format: 'email', maxLength: maxEmailLength })), null),
      v.description("Where the payer's replies go; null: no Reply-To."),
    ),
    senderName: v.pipe(
      v.optional(v.nullable(freeText(80)), null),
      v.description("The sender's display name; null: the branding's display name."),
    ),
  }),
  v.examples([example]),
);

export type UpdateEmailSettingsInput = v.InferOutput<typeof updateEmailSettingsSchema>;

export const emailSettingsSchema = v.pipe(
  v.object({
    instruction: v.boolean(),
    receipt: v.boolean(),
    replyTo: v.nullable(v.string()),
    senderName: v.nullable(v.string()),
  }),
  v.title('AccountEmails'),
  v.description(`The payer e-mails (${emailKinds.join(', ')}) the account sends, and how.`),
  v.examples([example]),
);
