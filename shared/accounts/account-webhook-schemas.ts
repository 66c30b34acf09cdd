// PUT /v2/account/webhook body: the global postback URL (null clears it).
import * as v from 'valibot';
import { checkedString, checkPostbackUrl } from '../validation/fields.ts';

export const updateAccountWebhookSchema = v.strictObject({
  url: v.nullable(checkedString(checkPostbackUrl), 'must be an absolute https URL or null'),
});
