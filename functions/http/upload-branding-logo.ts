import { setBrandingLogo } from '../../shared/accounts/branding.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { readFilePart } from '../../shared/http/multipart.ts';
import { ok } from '../../shared/http/responses.ts';
import { imageTooLarge, maxImageBytes } from '../../shared/http/too-large.ts';
import * as routes from '../../shared/routes.ts';

// No body schema: the middleware leaves the (base64) multipart body as it came.
export const handler = httpHandler(routes.uploadBrandingLogo, {}, async ({ principal, event }) => {
  const file = await readFilePart(event, {
    fields: ['image', 'file'],
    maxBytes: maxImageBytes,
    tooLarge: imageTooLarge,
  });
  return ok(await setBrandingLogo(principal.accountId, file.bytes, file.field));
});
