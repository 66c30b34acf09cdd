// Response bodies of the account and health routes, as schemas.
import * as v from 'valibot';
import { optInEventTypeNames } from '../events/event-types.ts';
import type { HealthReport } from '../health/check-health.ts';
import { nullableTimestamp, timestamp } from '../http/response-fields.ts';
import type { Assert, Matches } from '../openapi/same-type.ts';
import { permissions } from '../permissions.ts';
import type { AccountSummary } from './account-summary.ts';
import type { AccountWebhookView, TestDeliveryView, TestEventData } from './account-webhook.ts';
import type { ApiKeyView } from './api-keys.ts';
import type { BrandingView } from './branding.ts';
import { type SummaryCounter, summaryCounters } from './summary-counters.ts';

export const accountSchema = v.pipe(
  v.object({
    accountId: v.pipe(v.string(), v.regex(/^acc_/)),
    userId: v.pipe(v.string(), v.regex(/^usr_/)),
    keyId: v.string(),
    permissions: v.pipe(v.array(v.picklist(permissions)), v.readonly()),
  }),
  v.title('Account'),
  v.description('The account, user and permissions of the key that made the call.'),
);

export const healthReportSchema = v.pipe(
  v.object({
    status: v.picklist(['ok', 'degraded']),
    checks: v.pipe(
      v.record(v.string(), v.picklist(['ok', 'failing'])),
      v.description('One entry per dependency: `table`, `queue:<name>`.'),
    ),
    time: timestamp,
  }),
  v.title('HealthReport'),
);

export type _HealthMatches = Assert<Matches<HealthReport, v.InferOutput<typeof healthReportSchema>>>;

export const accountWebhookSchema = v.pipe(
  v.object({
    url: v.pipe(v.nullable(v.string()), v.description('The global postback URL; null when none is set.')),
    optInEventTypes: v.pipe(
      v.array(v.picklist(optInEventTypeNames)),
      v.description(
        'The opt-in event types the account receives (each is written only when the account lists it at the state change); every other type is always sent.',
      ),
    ),
    secrets: v.pipe(
      v.array(v.object({ createdAt: timestamp, expiresAt: nullableTimestamp })),
      v.description(
        'The signing secrets in force (never their values): two during a rotation’s overlap (24 h, unless ended early).',
      ),
    ),
    updatedAt: timestamp,
  }),
  v.title('AccountWebhook'),
  v.description("The account's webhook settings."),
);

export const webhookSecretRotatedSchema = v.pipe(
  v.object({
    secret: v.pipe(v.string(), v.regex(/^whsec_/), v.description('The new signing secret; shown only once.')),
    previousValidUntil: v.pipe(
      nullableTimestamp,
      v.description('Until when the previous secret still signs (24 h overlap); null when there was none.'),
    ),
  }),
  v.title('WebhookSecretRotated'),
);

export const testWebhookDeliverySchema = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.regex(/^evt_/)),
    type: v.literal('webhook.test'),
    url: v.string(),
    at: timestamp,
    statusCode: v.pipe(
      v.nullable(v.pipe(v.number(), v.integer())),
      v.description("The receiver's HTTP status; null when none came."),
    ),
    error: v.pipe(v.nullable(v.string()), v.description('Why the delivery failed; null when it succeeded.')),
    durationMs: v.pipe(v.number(), v.integer()),
    delivered: v.boolean(),
  }),
  v.title('TestWebhookDelivery'),
  v.description('The outcome of the signed `webhook.test` event just POSTed (never retried).'),
);

/** `data` of the `webhook.test` event. */
export const testEventDataSchema = v.pipe(
  v.object({ accountId: v.pipe(v.string(), v.regex(/^acc_/)), message: v.string() }),
  v.title('WebhookTestData'),
);

const apiKeyEntries = {
  id: v.pipe(v.string(), v.regex(/^key_/)),
  name: v.nullable(v.string()),
  permissions: v.array(v.picklist(permissions)),
  createdAt: timestamp,
  lastUsedOn: v.pipe(
    v.nullable(v.pipe(v.string(), v.isoDate())),
    v.description('UTC day of the last authenticated request; null when never used.'),
  ),
  revokedAt: nullableTimestamp,
};

export const apiKeySchema = v.pipe(v.object(apiKeyEntries), v.title('ApiKey'));

export const apiKeyListSchema = v.pipe(
  v.object({ data: v.array(apiKeySchema) }),
  v.title('ApiKeyList'),
  v.description('The account’s API keys, newest first (never their secrets).'),
);

export const createdApiKeySchema = v.pipe(
  v.object({
    ...apiKeyEntries,
    secret: v.pipe(v.string(), v.description('The key itself; shown only once.')),
    secretKey: v.pipe(v.string(), v.description('The same as `secret`.')),
  }),
  v.title('CreatedApiKey'),
);

const countAndAmount = v.object({
  count: v.pipe(v.number(), v.integer()),
  amount: v.pipe(v.number(), v.integer(), v.description('Cents of the currency.')),
});

export const accountSummarySchema = v.pipe(
  v.object({
    from: v.pipe(
      v.string(),
      v.isoDate(),
      v.description("First day of the window, in the account's time zone."),
    ),
    to: v.pipe(
      v.string(),
      v.isoDate(),
      v.description("Last day of the window (today in the account's time zone)."),
    ),
    days: v.pipe(v.number(), v.integer()),
    timeZone: v.pipe(v.string(), v.description("The account's time zone (GET/PUT /v2/account/settings).")),
    data: v.array(
      v.object({
        day: v.pipe(v.string(), v.isoDate()),
        currency: v.string(),
        ...(Object.fromEntries(summaryCounters.map((counter) => [counter, countAndAmount])) as Record<
          SummaryCounter,
          typeof countAndAmount
        >),
      }),
    ),
  }),
  v.title('AccountSummary'),
  v.description(
    "Per day (in the account's time zone) and currency: transactions created, paid, expired, canceled and failed deliveries.",
  ),
);

export const brandingSchema = v.pipe(
  v.object({
    displayName: v.nullable(v.string()),
    brandColor: v.pipe(v.nullable(v.string()), v.description('`#rrggbb`, lowercase.')),
    logoUrl: v.nullable(v.string()),
  }),
  v.title('Branding'),
  v.description('What hosted payer pages show of the merchant.'),
);

export type _AccountWebhookMatches = Assert<
  Matches<AccountWebhookView, v.InferOutput<typeof accountWebhookSchema>>
>;
export type _TestDeliveryMatches = Assert<
  Matches<TestDeliveryView, v.InferOutput<typeof testWebhookDeliverySchema>>
>;
export type _TestEventDataMatches = Assert<Matches<TestEventData, v.InferOutput<typeof testEventDataSchema>>>;
export type _ApiKeyMatches = Assert<Matches<ApiKeyView, v.InferOutput<typeof apiKeySchema>>>;
export type _AccountSummaryMatches = Assert<
  Matches<AccountSummary, v.InferOutput<typeof accountSummarySchema>>
>;
export type _BrandingMatches = Assert<Matches<BrandingView, v.InferOutput<typeof brandingSchema>>>;
