// Registers this stage's PSP notification URLs with the PSP its environment names (PIX_API_*):
// run by `npm start` when a PSP is configured, and by `npm run pix:webhooks` against a stage in
// AWS. Null when the stage has no PSP.
import { createApiPixClient } from './api-pix-client.ts';
import { apiPixConfig } from './api-pix-config.ts';
import { loadApiPixSecrets } from './api-pix-secrets.ts';
import { pspWebhookUrl, registerPspWebhooks, type WebhookRegistration } from './psp-webhook-registration.ts';
import { recurrenceScopes } from './recurrence-client.ts';

export async function registerStageWebhooks(
  publicBaseUrl: string,
  timeoutMs = 30_000,
): Promise<{ webhookUrl: string; registrations: WebhookRegistration[] } | null> {
  const config = apiPixConfig();
  if (!config) return null;
  const client = createApiPixClient(config, () => loadApiPixSecrets(config), recurrenceScopes);
  const webhookUrl = pspWebhookUrl(publicBaseUrl);
  return {
    webhookUrl,
    registrations: await registerPspWebhooks(config, client, webhookUrl, Date.now() + timeoutMs),
  };
}
