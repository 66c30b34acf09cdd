// Registers this stage's PSP notification URLs with the PSP its environment names (PIX_API_*):
// run by `npm start` when a PSP is configured, and by `npm run pix:webhooks` against a stage in
// AWS. Null when the stage has no PSP.
import { createApiPixClient } from './api-pix-client.ts';
import { apiPixConfig } from './api-pix-config.ts';
import { loadApiPixSecrets } from './api-pix-secrets.ts';
import {
  type PspNotificationKind,
  pspNotificationRoutes,
  pspWebhookUrl,
  registerPspWebhooks,
  type WebhookRegistration,
} from './psp-webhook-registration.ts';
import { recurrenceScopes } from './recurrence-client.ts';

/** `functionUrls`: each notification route's function URL, by route name (the stack's outputs). */
export async function registerStageWebhooks(
  functionUrls: Readonly<Record<string, string>>,
  timeoutMs = 30_000,
): Promise<WebhookRegistration[] | null> {
  const config = apiPixConfig();
  if (!config) return null;
  const webhookUrls = Object.fromEntries(
    Object.entries(pspNotificationRoutes).map(([kind, route]) => {
      const url = functionUrls[route];
      if (!url) throw new Error(`no function URL for ${route} (the PSP's ${kind} notifications)`);
      return [kind, pspWebhookUrl(kind as PspNotificationKind, url)];
    }),
  ) as Record<PspNotificationKind, string>;
  const client = createApiPixClient(config, () => loadApiPixSecrets(config), recurrenceScopes);
  return await registerPspWebhooks(config, client, webhookUrls, Date.now() + timeoutMs);
}
