// PUT /v2/account/branding body.
import * as v from 'valibot';
import { checkedString, checkText } from '../validation/fields.ts';

export const displayNameMaxLength = 100;

export const updateBrandingSchema = v.strictObject({
  // valibot's second argument to nullable() is a default for null, not a message: none here.
  displayName: v.nullable(
    checkedString((input) => checkText(input, { max: displayNameMaxLength, trim: true })),
  ),
  brandColor: v.nullable(
    v.pipe(
      v.string('must be a colour like #0a7d5a'),
      v.regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #0a7d5a'),
    ),
  ),
});

export type UpdateBrandingInput = v.InferOutput<typeof updateBrandingSchema>;
