// PUT /v2/account/webhook body: the global postback URL (null clears it).
import * as v from 'valibot';
import { checkedString, checkPostbackUrl } from '../validation/fields.ts';

export const updateAccountWebhookSchema = v.strictObject({
  // valibot's second argument to nullable() is a default for null, not a message: none here.
  url: v.nullable(checkedString(checkPostbackUrl)),
});
