// The service tells its PSP where to notify, so no operator configures it by hand: one base URL
// for the Pix received (`PUT /webhook/{chave}`, notified at `{url}/pix`) and, on a stage that
// collects Pix Automático, for recurrences (`/webhookrec` → `{url}/rec`) and cycle charges
// (`/webhookcobr` → `{url}/cobr`). Each is read first and written only when it differs, so
// running it at every start or deploy changes nothing that is already right.
import { type ApiPixClient, PspRejectedError, problemOf } from './api-pix-client.ts';
import type { ApiPixConfig } from './api-pix-config.ts';

/** Where the PSP's notifications reach this service (the PSP appends /pix, /rec, /cobr). */
export function pspWebhookUrl(publicBaseUrl: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/rails/api-pix/webhook`;
}

export interface WebhookRegistration {
  path: string;
  changed: boolean;
}

export async function registerPspWebhooks(
  config: ApiPixConfig,
  client: ApiPixClient,
  webhookUrl: string,
  answerBy: number,
): Promise<WebhookRegistration[]> {
  const paths = [
    `/webhook/${encodeURIComponent(config.chave)}`,
    ...(config.receiverAccount ? ['/webhookrec', '/webhookcobr'] : []),
  ];
  const registrations: WebhookRegistration[] = [];
  for (const path of paths) {
    const current = await client.send('GET', path, answerBy);
    if (current.status === 200) {
      const registered = (JSON.parse(current.text) as { webhookUrl?: unknown }).webhookUrl;
      if (registered === webhookUrl) {
        registrations.push({ path, changed: false });
        continue;
      }
    } else if (current.status !== 404) throw new PspRejectedError(`GET ${path}`, problemOf(current));
    const put = await client.send('PUT', path, answerBy, { webhookUrl });
    if (put.status !== 200 && put.status !== 201 && put.status !== 204)
      throw new PspRejectedError(`PUT ${path}`, problemOf(put));
    registrations.push({ path, changed: true });
  }
  return registrations;
}
