// PUT /v2/account/webhook body: the global postback URL (null clears it) and the opt-in event
// types the account receives (replaced whole; [] receives none). Either or both.
import * as v from 'valibot';
import { optInEventTypeNames } from '../events/event-types.ts';
import { checkedString, checkPostbackUrl } from '../validation/fields.ts';

export const editableWebhookFields = ['url', 'optInEventTypes'] as const;

const optInRule = `must be a list of opt-in event types (${optInEventTypeNames.join(', ')})`;

export const updateAccountWebhookSchema = v.pipe(
  v.strictObject({
    // valibot's second argument to nullable() is a default for null, not a message: none here.
    url: v.optional(v.nullable(checkedString(checkPostbackUrl))),
    optInEventTypes: v.optional(
      v.pipe(
        v.array(
          v.picklist(optInEventTypeNames, `must be one of ${optInEventTypeNames.join(', ')}`),
          optInRule,
        ),
        v.description(
          'The opt-in event types the account receives, replacing the list it had; `[]` receives none. Every other type is always sent.',
        ),
      ),
    ),
  }),
  v.check(
    (body) => editableWebhookFields.some((field) => body[field] !== undefined),
    `must contain at least one of ${editableWebhookFields.join(', ')}`,
  ),
);

export type UpdateAccountWebhookInput = v.InferOutput<typeof updateAccountWebhookSchema>;
