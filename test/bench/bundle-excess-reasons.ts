// Why a function is bigger than the floor: one line per package (or project folder) of what
// it is, what getting rid of it would take, and why that is not worth it. The bench report
// explains every over-budget row from this table; a row whose excess the table does not cover
// shows as unexplained, so a new dependency has to earn its line here.
import type { BundleResult } from './bundle-sizes.ts';

export interface ExcessReason {
  /** What the bytes are, for the reader of the report. */
  what: string;
  /** What removing them from the function would take. */
  removal: string;
  /** Why that is not done. */
  whyNot: string;
}

const sdkClient = (what: string, service: string): ExcessReason => ({
  what,
  removal: `a signed ${service} call of our own on shared/aws/sigv4.ts, as the S3 writes have`,
  whyNot:
    "a second protocol client to own (retries, timeouts, error codes, the request counter's SDK middleware) for the bytes of one client",
});

const domain = (what: string): ExcessReason => ({
  what,
  removal: 'none: it is what the function does',
  whyNot: 'pure logic with unit tests, shared with the other functions of the same use case',
});

/** Keys are `packageOf` names (test/bench/bundle-sizes.ts). */
export const excessReasons: Readonly<Record<string, ExcessReason>> = {
  '@aws-sdk/client-sqs': sdkClient('the SQS client: SendMessage of the jobs the call starts', 'SQS'),
  '@aws-sdk/middleware-sdk-sqs': sdkClient("the SQS client's MD5 check of sent messages", 'SQS'),
  '@aws-sdk/client-kms': sdkClient(
    "the KMS client: the data keys that wrap the account's webhook secrets (GenerateDataKey, Decrypt)",
    'KMS',
  ),
  '@aws-sdk/client-secrets-manager': sdkClient(
    "the Secrets Manager client: API Pix's PSP credentials, read once per container",
    'Secrets Manager',
  ),
  '@aws-sdk/client-sesv2': sdkClient('the SES v2 client: SendEmail with the raw MIME', 'SES'),
  '@smithy/core': sdkClient("the SDK's JSON protocol, pulled in by a second client", 'AWS'),
  '@aws-sdk/core': sdkClient("the SDK's JSON protocol, pulled in by a second client", 'AWS'),
  '@aws-sdk/client-dynamodb': domain(
    "DynamoDB commands beyond the floor's GetCommand (Query, TransactWrite, UpdateItem)",
  ),
  '@aws-sdk/lib-dynamodb': domain("the document client's commands beyond the floor's GetCommand"),
  qrcode: {
    what: 'the QR encoder of the Pix and QR pages (drawn as SVG on the server)',
    removal: 'a QR encoder of our own (Reed–Solomon, masks, version choice)',
    whyNot:
      'a payer scans it with a bank app: an encoder has to be exact, and ours would be new code for ~20 KB',
  },
  dijkstrajs: {
    what: "the QR encoder's segment optimiser",
    removal: 'see qrcode',
    whyNot: 'see qrcode',
  },
  valibot: {
    what: 'the request schemas (bodies, queries) of the route',
    removal: 'hand-written validators',
    whyNot: 'the same schemas make the OpenAPI document and the field-named 400s; two sources would drift',
  },
  '@valibot/to-json-schema': {
    what: "GET /openapi.json's conversion of the schemas to JSON Schema",
    removal: 'the document written to a JSON file at build time and served as is',
    whyNot:
      'a developer-facing route off the payment path; a generated file to keep in sync for one cold start',
  },
  '@middy/core': domain('the HTTP handler chain (middy) every HTTP function runs'),
  '@middy/util': domain('the HTTP handler chain (middy) every HTTP function runs'),
  '@middy/http-json-body-parser': domain("middy's JSON body parser"),
  '(project) shared/hosted-pages': {
    what: 'the payer pages: CSS, page script, copy in three languages, the status pages; for the checkout form its inline field-check scripts, one per currency (~40 KB of string literals)',
    removal:
      'the checkout scripts as files beside the bundle (a route row asset), read on the first render; CSS and copy are what the page is',
    whyNot:
      "string literals cost little to load; the form's function would still be over budget for its purchase path (SQS, purchase schemas)",
  },
  '(project) shared/openapi': {
    what: 'the OpenAPI document builder (getOpenApi) and the shared response schemas',
    removal: 'a build-time JSON document',
    whyNot: 'developer-facing, not on the payment path',
  },
  '(project) shared/routes.ts': {
    what: "the route rows: the function's own row and, for getOpenApi, every row",
    removal: "only the function's own row (already so for the others)",
    whyNot: 'getOpenApi documents every route: it needs them all',
  },
  '(project) shared/rails': domain(
    'the rails: BR Code, CRC16, boleto line and barcode, the API Pix client (the functions that register or check a charge)',
  ),
  '(project) shared/store': domain(
    "the store's key layout and records of the items the function reads and writes",
  ),
  '(project) shared/limits': domain('the rate limiter every HTTP call passes (admission)'),
  '(project) shared/http': domain('the HTTP handler: contract errors, validation, responses'),
  '(project) shared/auth': domain('API key authentication'),
  '(project) shared/accounts': domain("the account's settings, branding and webhook configuration"),
  '(project) shared/events': domain('the event catalogue and the events the function writes'),
  '(project) shared/webhooks': domain('webhook signing, retry schedule and delivery'),
  '(project) shared/purchase': domain('the purchase schemas and use case'),
  '(project) shared/subscriptions': domain('subscriptions and their cycles'),
  '(project) shared/transactions': domain('the transaction record, its states and jobs'),
  '(project) shared/emails': domain("the payer e-mails' composition and MIME"),
  '(project) shared/checkout': domain('checkout sessions and payment links'),
  '(project) shared/refunds': domain('refunds'),
  '(project) shared/receipts': domain('the receipt model'),
  '(project) shared/catalog': domain('products and offers'),
  '(project) shared/calendars': domain('bank holidays (boleto due dates)'),
  '(project) shared/secrets': domain("envelope encryption of the account's webhook secrets"),
  '(project) shared/balance': domain('the balance ledger'),
  '(project) shared/disputes': domain('Pix disputes (MED)'),
  '(project) shared/aws': domain('the SDK clients with their timeouts, the queue sends, the signed S3 calls'),
  '(project) shared/payment-methods.ts': domain('the payment method catalogue'),
  '(project) shared/queues.ts': domain('the queue catalogue'),
  '(project) shared/config.ts': domain("the stage's configuration"),
  '(project) shared/validation': domain('shared field validators'),
};

export interface ExcessExplanation {
  /** Packages beyond the floor that the table explains, largest first. */
  explained: Array<{ name: string; bytes: number }>;
  /** Packages beyond the floor without a line in the table, largest first. */
  unexplained: Array<{ name: string; bytes: number }>;
  /** The bundle without the explained packages would be within the size budget. */
  sizeCovered: boolean;
}

/** Splits what a bundle carries beyond the floor into what the table explains and what it does not. */
export function explainExcess(
  bundle: BundleResult,
  floor: BundleResult,
  sizeBudget: number,
  reasons: Readonly<Record<string, ExcessReason>> = excessReasons,
): ExcessExplanation {
  const names = new Set([...Object.keys(bundle.packages ?? {}), ...Object.keys(floor.packages ?? {})]);
  const excess = [...names]
    .map((name) => ({ name, bytes: (bundle.packages?.[name] ?? 0) - (floor.packages?.[name] ?? 0) }))
    .filter((entry) => entry.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
  const explained = excess.filter((entry) => reasons[entry.name]);
  const unexplained = excess.filter((entry) => !reasons[entry.name]);
  const explainedBytes = explained.reduce((sum, entry) => sum + entry.bytes, 0);
  return {
    explained,
    unexplained,
    sizeCovered: (bundle.jsBytes ?? 0) - explainedBytes <= sizeBudget * (floor.jsBytes ?? 0),
  };
}

/**
 * Milliseconds of init per byte of bundle in this run: the least-squares slope of init against
 * size over every bundle (never negative). It prices an explained package's init in the report.
 */
export function initMsPerByte(points: Array<{ bytes: number; ms: number }>): number {
  if (points.length < 2) return 0;
  const meanBytes = points.reduce((sum, point) => sum + point.bytes, 0) / points.length;
  const meanMs = points.reduce((sum, point) => sum + point.ms, 0) / points.length;
  const covariance = points.reduce((sum, point) => sum + (point.bytes - meanBytes) * (point.ms - meanMs), 0);
  const variance = points.reduce((sum, point) => sum + (point.bytes - meanBytes) ** 2, 0);
  return variance > 0 ? Math.max(0, covariance / variance) : 0;
}
