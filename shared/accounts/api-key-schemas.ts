// POST /v2/api-keys body.
import * as v from 'valibot';
import { permissions } from '../permissions.ts';
import { checkedString, checkText } from '../validation/fields.ts';

export const apiKeyName = checkedString((input) => checkText(input, { max: 100, trim: true }));

export const createApiKeySchema = v.strictObject({
  name: apiKeyName,
  permissions: v.pipe(
    v.array(
      v.picklist(permissions, `must be one of ${permissions.join(', ')}`),
      `must be a list of permissions (${permissions.join(', ')})`,
    ),
    v.minLength(1, 'must name at least one permission'),
  ),
});

export type CreateApiKeyInput = v.InferOutput<typeof createApiKeySchema>;
