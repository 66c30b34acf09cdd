// The service tells its PSP where to notify, so no operator configures it by hand: the Pix
// received (`PUT /webhook/{chave}`, notified at `{url}/pix`) and, on a stage that collects Pix
// Automático, recurrences (`/webhookrec` → `{url}/rec`) and cycle charges (`/webhookcobr` →
// `{url}/cobr`). Each kind reaches its own function at that function's URL (RouteDef.servedAt).
// Each is read first and written only when it differs, so running it at every start or deploy
// changes nothing that is already right.
import { type RouteName, routes } from '../../route-table.ts';
import { type ApiPixClient, PspRejectedError, problemOf } from './api-pix-client.ts';
import type { ApiPixConfig } from './api-pix-config.ts';

/** The route that takes each kind of notification; the kind is the segment the PSP appends. */
export const pspNotificationRoutes = {
  pix: 'receivePixNotification',
  rec: 'receiveRecurrenceNotification',
  cobr: 'receiveCycleChargeNotification',
} as const satisfies Record<string, RouteName>;

export type PspNotificationKind = keyof typeof pspNotificationRoutes;

/**
 * The webhookUrl to register for `kind`, given the origin its function is reached at: the route's
 * path without the segment the PSP appends (`https://…on.aws` → `https://…on.aws/rails/api-pix/webhook`).
 */
export function pspWebhookUrl(kind: PspNotificationKind, functionOrigin: string): string {
  const { path } = routes[pspNotificationRoutes[kind]];
  return `${functionOrigin.replace(/\/+$/, '')}${path.slice(0, -`/${kind}`.length)}`;
}

export interface WebhookRegistration {
  path: string;
  webhookUrl: string;
  changed: boolean;
}

/** The PSP's resource that holds the webhookUrl of each kind. */
function registrationPath(config: ApiPixConfig, kind: PspNotificationKind): string {
  return kind === 'pix' ? `/webhook/${encodeURIComponent(config.chave)}` : `/webhook${kind}`;
}

export async function registerPspWebhooks(
  config: ApiPixConfig,
  client: ApiPixClient,
  webhookUrls: Readonly<Record<PspNotificationKind, string>>,
  answerBy: number,
): Promise<WebhookRegistration[]> {
  const kinds: PspNotificationKind[] = config.receiverAccount ? ['pix', 'rec', 'cobr'] : ['pix'];
  const registrations: WebhookRegistration[] = [];
  for (const kind of kinds) {
    const path = registrationPath(config, kind);
    const webhookUrl = webhookUrls[kind];
    const current = await client.send('GET', path, answerBy);
    if (current.status === 200) {
      const registered = (JSON.parse(current.text) as { webhookUrl?: unknown }).webhookUrl;
      if (registered === webhookUrl) {
        registrations.push({ path, webhookUrl, changed: false });
        continue;
      }
    } else if (current.status !== 404) throw new PspRejectedError(`GET ${path}`, problemOf(current));
    const put = await client.send('PUT', path, answerBy, { webhookUrl });
    if (put.status !== 200 && put.status !== 201 && put.status !== 204)
      throw new PspRejectedError(`PUT ${path}`, problemOf(put));
    registrations.push({ path, webhookUrl, changed: true });
  }
  return registrations;
}
