// `null` clears a nullable field: valibot's second argument to nullable/optional/nullish is a
// default value, not an error message, so a message there replaced null with its own text.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { updateAccountWebhookSchema } from '../../shared/accounts/account-webhook-schemas.ts';
import { updateBrandingSchema } from '../../shared/accounts/branding-schemas.ts';

describe('nullable fields', () => {
  it('branding: null clears the display name and the colour', () => {
    expect(v.parse(updateBrandingSchema, { displayName: null, brandColor: null })).toEqual({
      displayName: null,
      brandColor: null,
    });
    const wrong = v.safeParse(updateBrandingSchema, { displayName: 42, brandColor: 'red' });
    expect(wrong.success).toBe(false);
  });

  it('webhook: null clears the global URL', () => {
    expect(v.parse(updateAccountWebhookSchema, { url: null })).toEqual({ url: null });
  });
});
