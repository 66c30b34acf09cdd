// The one list of HTTP routes. The CDK stack creates a function, an API route and IAM grants
// from each row; the local gateway serves the same rows. Add a route here and nowhere else.

import type { Grant } from './grants.ts';
import type { QuerySchemaName, RequestSchemaName, ResponseSchemaName } from './openapi/schemas.ts';
import type { Permission } from './permissions.ts';

/** Which error body the route answers with: the contract has one per area. */
export type ErrorShape = 'catalog' | 'transaction' | 'page';

/**
 * A response body: a schema of shared/openapi/schemas.ts by name, the route's error shape
 * (`errors`), or a non-JSON media type (`empty`: no body, e.g. a redirect).
 */
export type ResponseBody = ResponseSchemaName | 'error' | 'html' | 'pdf' | 'javascript' | 'empty';

export interface RouteDef {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** API Gateway path template: `{name}` is one path segment. */
  readonly path: string;
  /** Handler module, relative to the repository root; it exports `handler`. */
  readonly handler: string;
  /**
   * `none`: public; `any`: any valid key; otherwise the permission the key must hold (a list:
   * any one of them).
   */
  readonly auth: Permission | readonly Permission[] | 'any' | 'none';
  readonly errors: ErrorShape;
  readonly grants: readonly Grant[];
  /** Only deployed where the stage runs sandbox rails. */
  readonly sandboxOnly?: boolean;
  /** Memory (MB) when the default does not fit, e.g. image upload. */
  readonly memoryMb?: number;
  /** Files (relative to the repository root) deployed beside the function's bundle, read at run time. */
  readonly assets?: readonly string[];
  /** One line for the API reference; default: the row's name in words. */
  readonly summary?: string;
  /** What the route reads besides path parameters, for GET /openapi.json. */
  readonly request?: {
    /** A JSON body by schema name; `purchase`: one of the purchase variants; or a non-JSON body. */
    readonly body?: RequestSchemaName | 'purchase' | 'image' | 'pay-form' | 'checkout-form';
    readonly query?: QuerySchemaName;
    /** Accepts `Idempotency-Key` (replays answer with `Idempotent-Replayed: true`). */
    readonly idempotencyKey?: true;
  };
  /**
   * Every status the route's own code answers with, and the body of each: GET /openapi.json
   * publishes them and the handler's result is typed by them. The statuses of the shared
   * middleware are added from the row (401/403 from `auth`, 400/413 from `request.body`, 429,
   * 500); list them here too when the use case answers them itself.
   */
  readonly responses: Readonly<Record<number, ResponseBody | readonly ResponseBody[]>>;
}

/** The reference page's renderer, shipped with the function that serves it. */
export const redocBundle = 'node_modules/redoc/bundles/redoc.standalone.js';

export const routes = {
  getHealth: {
    method: 'GET',
    path: '/health',
    handler: 'functions/http/get-health.ts',
    auth: 'none',
    errors: 'catalog',
    grants: ['table:read:health', 'queues:health'],
    summary: 'Health of the service and its dependencies',
    responses: { 200: 'HealthReport', 503: 'HealthReport' },
  },
  getDeepHealth: {
    method: 'GET',
    path: '/health/deep',
    handler: 'functions/http/get-deep-health.ts',
    auth: 'any',
    errors: 'catalog',
    // A key holder's request: the key (and its account's rate-limit setting) is read first.
    grants: ['table:read', 'queues:health'],
    summary: 'Health, checked now (not cached), for a key holder',
    responses: { 200: 'HealthReport', 503: 'HealthReport' },
  },
  getAccount: {
    method: 'GET',
    path: '/v2/account',
    handler: 'functions/http/get-account.ts',
    auth: 'any',
    errors: 'catalog',
    grants: ['table:read'],
    summary: "The calling key's account, user and permissions",
    responses: { 200: 'Account' },
  },

  getAccountWebhook: {
    method: 'GET',
    path: '/v2/account/webhook',
    handler: 'functions/http/get-account-webhook.ts',
    auth: 'manageAccount',
    errors: 'catalog',
    grants: ['table:read'],
    summary: "The account's webhook URL and signing secrets in force",
    responses: { 200: 'AccountWebhook', 404: 'error' },
  },
  updateAccountWebhook: {
    method: 'PUT',
    path: '/v2/account/webhook',
    handler: 'functions/http/update-account-webhook.ts',
    auth: 'manageAccount',
    errors: 'catalog',
    grants: ['table:write'],
    summary: "Set or clear the account's global webhook URL, or choose its opt-in event types",
    request: { body: 'UpdateAccountWebhookRequest' },
    responses: { 200: 'AccountWebhook', 400: 'error', 404: 'error' },
  },
  rotateWebhookSecret: {
    method: 'POST',
    path: '/v2/account/webhook/rotate-secret',
    handler: 'functions/http/rotate-webhook-secret.ts',
    auth: 'manageAccount',
    errors: 'catalog',
    // The new secret is sealed under the stage's key before it is stored.
    grants: ['table:write', 'secrets:seal'],
    summary:
      'Rotate the webhook signing secret (the old one signs for 24 h more unless the overlap is ended)',
    responses: { 200: 'WebhookSecretRotated', 404: 'error', 409: 'error' },
  },
  expirePreviousWebhookSecrets: {
    method: 'POST',
    path: '/v2/account/webhook/expire-previous-secrets',
    handler: 'functions/http/expire-previous-webhook-secrets.ts',
    auth: 'manageAccount',
    errors: 'catalog',
    // Removes sealed entries only: it never seals or opens a secret.
    grants: ['table:write'],
    summary: "End a rotation's overlap now: the previous signing secrets stop signing at once",
    responses: { 200: 'AccountWebhook', 404: 'error', 409: 'error' },
  },
  sendTestWebhook: {
    method: 'POST',
    path: '/v2/account/webhook/test',
    handler: 'functions/http/send-test-webhook.ts',
    auth: 'manageAccount',
    errors: 'catalog',
    // Signs with the account's secrets, which are sealed in the table.
    grants: ['table:read', 'secrets:open'],
    summary: "Send a signed webhook.test event to the account's URL now",
    responses: { 200: 'TestWebhookDelivery', 400: 'error', 404: 'error' },
  },
  listApiKeys: {
    method: 'GET',
    path: '/v2/api-keys',
    handler: 'functions/http/list-api-keys.ts',
    auth: 'manageAccount',
    errors: 'catalog',
    grants: ['table:read'],
    summary: "List the account's API keys (never their secrets)",
    responses: { 200: 'ApiKeyList' },
  },
  createApiKey: {
    method: 'POST',
    path: '/v2/api-keys',
    handler: 'functions/http/create-api-key.ts',
    auth: 'manageAccount',
    errors: 'catalog',
    grants: ['table:write'],
    summary: 'Create an API key (its secret is shown once)',
    request: { body: 'CreateApiKeyRequest' },
    responses: { 201: 'CreatedApiKey', 400: 'error' },
  },
  revokeApiKey: {
    method: 'DELETE',
    path: '/v2/api-keys/{id}',
    handler: 'functions/http/revoke-api-key.ts',
    auth: 'manageAccount',
    errors: 'catalog',
    grants: ['table:write'],
    summary: 'Revoke an API key',
    responses: { 200: 'ApiKey', 404: 'error' },
  },
  getAccountSummary: {
    method: 'GET',
    path: '/v2/account/summary',
    handler: 'functions/http/get-account-summary.ts',
    auth: 'manageAccount',
    errors: 'catalog',
    grants: ['table:read'],
    summary: 'Daily totals per currency over the last days',
    request: { query: 'AccountSummaryQuery' },
    responses: { 200: 'AccountSummary', 400: 'error' },
  },
  getBranding: {
    method: 'GET',
    path: '/v2/account/branding',
    handler: 'functions/http/get-branding.ts',
    auth: 'manageAccount',
    errors: 'catalog',
    grants: ['table:read'],
    summary: 'The branding hosted payer pages show',
    responses: { 200: 'Branding', 404: 'error' },
  },
  updateBranding: {
    method: 'PUT',
    path: '/v2/account/branding',
    handler: 'functions/http/update-branding.ts',
    auth: 'manageAccount',
    errors: 'catalog',
    grants: ['table:write'],
    summary: 'Set the display name and brand colour',
    request: { body: 'UpdateBrandingRequest' },
    responses: { 200: 'Branding', 400: 'error', 404: 'error' },
  },
  uploadBrandingLogo: {
    method: 'POST',
    path: '/v2/account/branding/logo',
    handler: 'functions/http/upload-branding-logo.ts',
    auth: 'manageAccount',
    errors: 'catalog',
    grants: ['table:write', 'bucket:write'],
    memoryMb: 1024,
    summary: 'Set or replace the logo',
    request: { body: 'image' },
    responses: { 200: 'Branding', 400: 'error', 404: 'error', 413: 'error', 415: 'error' },
  },

  getAccountSettings: {
    method: 'GET',
    path: '/v2/account/settings',
    handler: 'functions/http/get-account-settings.ts',
    auth: 'manageAccount',
    errors: 'catalog',
    grants: ['table:read'],
    summary: 'What checkout sessions and payment links fill in for the merchant',
    responses: { 200: 'AccountSettings', 404: 'error' },
  },
  updateAccountSettings: {
    method: 'PUT',
    path: '/v2/account/settings',
    handler: 'functions/http/update-account-settings.ts',
    auth: 'manageAccount',
    errors: 'catalog',
    grants: ['table:write'],
    summary: "Set the merchant's document and reference that checkout sales name",
    request: { body: 'UpdateAccountSettingsRequest' },
    responses: { 200: 'AccountSettings', 400: 'error', 404: 'error' },
  },

  createProduct: {
    method: 'POST',
    path: '/v2/products',
    handler: 'functions/http/create-product.ts',
    auth: 'isInvoiceAvailable',
    errors: 'catalog',
    grants: ['table:write'],
    summary: 'Create a product',
    request: { body: 'CreateProductRequest' },
    responses: { 201: 'Product', 400: 'error' },
  },
  listProducts: {
    method: 'GET',
    path: '/v2/products',
    handler: 'functions/http/list-products.ts',
    auth: 'isInvoiceAvailable',
    errors: 'catalog',
    grants: ['table:read'],
    summary: 'List products (newest first)',
    request: { query: 'ListProductsQuery' },
    responses: { 200: 'ProductPage', 400: 'error' },
  },
  getProduct: {
    method: 'GET',
    path: '/v2/products/{id}',
    handler: 'functions/http/get-product.ts',
    auth: 'isInvoiceAvailable',
    errors: 'catalog',
    grants: ['table:read'],
    summary: 'Get a product',
    responses: { 200: 'Product', 404: 'error' },
  },
  updateProduct: {
    method: 'PATCH',
    path: '/v2/products/{id}',
    handler: 'functions/http/update-product.ts',
    auth: 'isInvoiceAvailable',
    errors: 'catalog',
    grants: ['table:write'],
    summary: 'Update a product',
    request: { body: 'UpdateProductRequest' },
    responses: { 200: 'Product', 400: 'error', 404: 'error', 409: 'error' },
  },
  archiveProduct: {
    method: 'DELETE',
    path: '/v2/products/{id}',
    handler: 'functions/http/archive-product.ts',
    auth: 'isInvoiceAvailable',
    errors: 'catalog',
    grants: ['table:write'],
    summary: 'Archive a product (read-only from then on)',
    responses: { 200: 'Product', 400: 'error', 404: 'error', 409: 'error' },
  },
  uploadProductImage: {
    method: 'POST',
    path: '/v2/products/{id}/image',
    handler: 'functions/http/upload-product-image.ts',
    auth: 'isInvoiceAvailable',
    errors: 'catalog',
    grants: ['table:write', 'bucket:write'],
    memoryMb: 1024,
    summary: 'Set or replace the product image',
    request: { body: 'image' },
    responses: { 200: 'Product', 400: 'error', 404: 'error', 409: 'error', 413: 'error', 415: 'error' },
  },
  deleteProductImage: {
    method: 'DELETE',
    path: '/v2/products/{id}/image',
    handler: 'functions/http/delete-product-image.ts',
    auth: 'isInvoiceAvailable',
    errors: 'catalog',
    grants: ['table:write', 'bucket:write'],
    summary: 'Remove the product image',
    responses: { 200: 'Product', 400: 'error', 404: 'error', 409: 'error' },
  },
  createOffer: {
    method: 'POST',
    path: '/v2/offers',
    handler: 'functions/http/create-offer.ts',
    auth: 'isInvoiceAvailable',
    errors: 'catalog',
    grants: ['table:write'],
    summary: 'Create an offer for a product',
    request: { body: 'CreateOfferRequest' },
    responses: { 201: 'Offer', 400: 'error', 404: 'error' },
  },
  listOffers: {
    method: 'GET',
    path: '/v2/offers',
    handler: 'functions/http/list-offers.ts',
    auth: 'isInvoiceAvailable',
    errors: 'catalog',
    grants: ['table:read'],
    summary: "List a product's offers",
    request: { query: 'ListOffersQuery' },
    responses: { 200: 'OfferPage', 400: 'error', 404: 'error' },
  },
  getOffer: {
    method: 'GET',
    path: '/v2/offers/{id}',
    handler: 'functions/http/get-offer.ts',
    auth: 'isInvoiceAvailable',
    errors: 'catalog',
    grants: ['table:read'],
    summary: 'Get an offer',
    responses: { 200: 'Offer', 404: 'error' },
  },
  updateOffer: {
    method: 'PATCH',
    path: '/v2/offers/{id}',
    handler: 'functions/http/update-offer.ts',
    auth: 'isInvoiceAvailable',
    errors: 'catalog',
    grants: ['table:write'],
    summary: 'Rename an offer or turn it on or off (its price is fixed: a new price is a new offer)',
    request: { body: 'UpdateOfferRequest' },
    responses: { 200: 'Offer', 400: 'error', 404: 'error' },
  },

  createCheckoutSession: {
    method: 'POST',
    path: '/v2/checkout-sessions',
    handler: 'functions/http/create-checkout-session.ts',
    auth: 'createTransaction',
    errors: 'catalog',
    grants: ['table:write'],
    summary: 'Open a hosted checkout for one payment of an offer',
    request: { body: 'CreateCheckoutSessionRequest' },
    responses: { 201: 'CheckoutSession', 400: 'error', 404: 'error' },
  },
  getCheckoutSession: {
    method: 'GET',
    path: '/v2/checkout-sessions/{id}',
    handler: 'functions/http/get-checkout-session.ts',
    auth: 'createTransaction',
    errors: 'catalog',
    grants: ['table:read'],
    summary: 'Get a checkout session',
    responses: { 200: 'CheckoutSession', 404: 'error' },
  },
  listCheckoutSessions: {
    method: 'GET',
    path: '/v2/checkout-sessions',
    handler: 'functions/http/list-checkout-sessions.ts',
    auth: 'createTransaction',
    errors: 'catalog',
    grants: ['table:read'],
    summary: "List the account's checkout sessions, newest first (optionally one payment link's)",
    request: { query: 'ListCheckoutSessionsQuery' },
    responses: { 200: 'CheckoutSessionPage', 400: 'error' },
  },
  createPaymentLink: {
    method: 'POST',
    path: '/v2/payment-links',
    handler: 'functions/http/create-payment-link.ts',
    auth: 'createTransaction',
    errors: 'catalog',
    grants: ['table:write'],
    summary: 'Make a lasting link that sells an offer to many payers',
    request: { body: 'CreatePaymentLinkRequest' },
    responses: { 201: 'PaymentLink', 400: 'error', 404: 'error' },
  },
  listPaymentLinks: {
    method: 'GET',
    path: '/v2/payment-links',
    handler: 'functions/http/list-payment-links.ts',
    auth: 'createTransaction',
    errors: 'catalog',
    grants: ['table:read'],
    summary: "List the account's payment links, newest first",
    request: { query: 'ListPaymentLinksQuery' },
    responses: { 200: 'PaymentLinkPage', 400: 'error' },
  },
  getPaymentLink: {
    method: 'GET',
    path: '/v2/payment-links/{id}',
    handler: 'functions/http/get-payment-link.ts',
    auth: 'createTransaction',
    errors: 'catalog',
    grants: ['table:read'],
    summary: 'Get a payment link',
    responses: { 200: 'PaymentLink', 404: 'error' },
  },
  updatePaymentLink: {
    method: 'PATCH',
    path: '/v2/payment-links/{id}',
    handler: 'functions/http/update-payment-link.ts',
    auth: 'createTransaction',
    errors: 'catalog',
    grants: ['table:write'],
    summary: 'Turn a payment link off or on',
    request: { body: 'UpdatePaymentLinkRequest' },
    responses: { 200: 'PaymentLink', 400: 'error', 404: 'error' },
  },

  createPurchase: {
    method: 'POST',
    path: '/transactions/v2/purchase',
    handler: 'functions/http/create-purchase.ts',
    auth: 'createTransaction',
    errors: 'transaction',
    // Which rail takes the purchase depends on the live rails the stage runs.
    grants: ['table:write', 'queue:fill-instruction:send', 'rails:choose'],
    summary: 'Create a cash-in transaction (boleto, COP, BOB)',
    request: { body: 'purchase', idempotencyKey: true },
    responses: { 201: 'Transaction', 400: 'error', 409: 'error', 422: 'error' },
  },
  listTransactions: {
    method: 'GET',
    path: '/transactions',
    handler: 'functions/http/list-transactions.ts',
    auth: ['createTransaction', 'manageAccount'],
    errors: 'transaction',
    grants: ['table:read'],
    summary: 'List transactions (newest first), filtered',
    request: { query: 'ListTransactionsQuery' },
    responses: { 200: 'TransactionPage', 400: 'error' },
  },
  getTransaction: {
    method: 'GET',
    path: '/transactions/{id}',
    handler: 'functions/http/get-transaction.ts',
    auth: ['createTransaction', 'manageAccount'],
    errors: 'transaction',
    grants: ['table:read'],
    summary: 'Get a transaction (poll it until the instruction is filled)',
    request: { query: 'GetTransactionQuery' },
    responses: { 200: 'Transaction', 400: 'error', 404: 'error' },
  },
  cancelTransaction: {
    method: 'POST',
    path: '/transactions/{id}/cancel',
    handler: 'functions/http/cancel-transaction.ts',
    auth: ['createTransaction', 'manageAccount'],
    errors: 'transaction',
    // A cancel that finds the charge paid records the payment and hands its event to delivery.
    grants: ['table:write', 'queue:deliver-event:send', 'queue:send-email:send', 'rails:live'],
    summary: 'Cancel a PENDING or FAILED transaction (closes its charge on the rail)',
    responses: { 200: 'Transaction', 404: 'error', 409: 'error' },
  },
  listTransactionEvents: {
    method: 'GET',
    path: '/transactions/{id}/events',
    handler: 'functions/http/list-transaction-events.ts',
    auth: ['createTransaction', 'manageAccount'],
    errors: 'transaction',
    grants: ['table:read'],
    summary: "List a transaction's webhook events and delivery attempts",
    responses: { 200: 'EventList', 404: 'error' },
  },
  listEvents: {
    method: 'GET',
    path: '/events',
    handler: 'functions/http/list-events.ts',
    auth: ['createTransaction', 'manageAccount'],
    errors: 'transaction',
    grants: ['table:read'],
    summary: "List the account's webhook events (newest first), filtered",
    request: { query: 'ListEventsQuery' },
    responses: { 200: 'EventSummaryPage', 400: 'error' },
  },
  redeliverEvent: {
    method: 'POST',
    path: '/events/{id}/redeliver',
    handler: 'functions/http/redeliver-event.ts',
    auth: ['createTransaction', 'manageAccount'],
    errors: 'transaction',
    grants: ['table:write', 'queue:deliver-event:send'],
    summary: 'Deliver an event again (a new retry run)',
    responses: { 202: 'RedeliveryStarted', 404: 'error', 409: 'error' },
  },
  sandboxPayTransaction: {
    method: 'POST',
    path: '/sandbox/transactions/{id}/pay',
    handler: 'functions/http/sandbox-pay-transaction.ts',
    auth: ['createTransaction', 'manageAccount'],
    errors: 'transaction',
    grants: ['table:write', 'queue:watch-payment:send'],
    sandboxOnly: true,
    summary: 'Sandbox: pay a transaction as the payer would',
    request: { query: 'SandboxPayQuery' },
    responses: { 202: 'SandboxPayment', 400: 'error', 404: 'error', 409: 'error' },
  },

  receivePixNotification: {
    // The PSP's webhook for the API Pix rail: configure `{PUBLIC_BASE_URL}/rails/api-pix/webhook`
    // as webhookUrl (no trailing slash); the PSP appends `/pix`. Public: it only triggers checks.
    method: 'POST',
    path: '/rails/api-pix/webhook/pix',
    handler: 'functions/http/receive-pix-notification.ts',
    auth: 'none',
    errors: 'transaction',
    grants: ['table:read:rail-references', 'queue:watch-payment:send'],
    summary: "API Pix: the PSP's notification that Pix arrived (only triggers payment checks)",
    request: { body: 'PixNotification' },
    responses: { 200: 'PixNotificationReceipt', 400: 'error' },
  },

  showBoletoPage: {
    method: 'GET',
    path: '/pay/boleto/{token}',
    handler: 'functions/http/show-boleto-page.ts',
    auth: 'none',
    errors: 'page',
    grants: ['table:read:hosted-pages'],
    summary: 'Hosted boleto page (for the payer)',
    responses: { 200: 'html', 404: 'html', 410: 'html' },
  },
  downloadBoletoPdf: {
    method: 'GET',
    path: '/pay/boleto/{token}/pdf',
    handler: 'functions/http/download-boleto-pdf.ts',
    auth: 'none',
    errors: 'page',
    grants: ['table:read:hosted-pages'],
    summary: 'The boleto as a PDF (the status page once paid)',
    responses: { 200: ['pdf', 'html'], 404: 'html', 410: 'html' },
  },
  showReceiptPage: {
    method: 'GET',
    path: '/receipt/{token}',
    handler: 'functions/http/show-receipt-page.ts',
    auth: 'none',
    errors: 'page',
    grants: ['table:read:receipts'],
    summary: "The payer's receipt of a paid transaction (the payer page's token; 404 until paid)",
    responses: { 200: 'html', 404: 'html' },
  },
  downloadReceiptPdf: {
    method: 'GET',
    path: '/receipt/{token}/pdf',
    handler: 'functions/http/download-receipt-pdf.ts',
    auth: 'none',
    errors: 'page',
    grants: ['table:read:receipts'],
    summary: "The payer's receipt as a PDF (404 until paid)",
    responses: { 200: 'pdf', 404: 'html' },
  },
  showCheckoutPage: {
    method: 'GET',
    path: '/pay/checkout/{token}',
    handler: 'functions/http/show-checkout-page.ts',
    auth: 'none',
    errors: 'page',
    grants: ['table:read:hosted-pages'],
    summary: 'Hosted COP checkout page (for the payer)',
    responses: { 200: 'html', 404: 'html', 410: 'html' },
  },
  showQrPage: {
    method: 'GET',
    path: '/pay/qr/{token}',
    handler: 'functions/http/show-qr-page.ts',
    auth: 'none',
    errors: 'page',
    grants: ['table:read:hosted-pages'],
    summary: 'Hosted BOB QR page (for the payer)',
    responses: { 200: 'html', 404: 'html', 410: 'html' },
  },
  showPixPage: {
    method: 'GET',
    path: '/pay/pix/{token}',
    handler: 'functions/http/show-pix-page.ts',
    auth: 'none',
    errors: 'page',
    grants: ['table:read:hosted-pages'],
    summary: 'Hosted BRL PIX page (for the payer)',
    responses: { 200: 'html', 404: 'html', 410: 'html' },
  },
  getHostedPageStatus: {
    method: 'GET',
    path: '/pay/{token}/status',
    handler: 'functions/http/get-hosted-page-status.ts',
    auth: 'none',
    errors: 'page',
    grants: ['table:read:hosted-pages'],
    summary: "A payer page's transaction status, which the open page watches to show when it is paid",
    responses: { 200: 'HostedPageStatus', 404: 'html' },
  },
  payFromHostedPage: {
    method: 'POST',
    path: '/pay/{token}/sandbox-pay',
    handler: 'functions/http/pay-from-hosted-page.ts',
    auth: 'none',
    errors: 'page',
    grants: ['table:read:hosted-pages', 'table:write:rail-charges', 'queue:watch-payment:send'],
    sandboxOnly: true,
    summary: 'Sandbox: the Pay button of a hosted page',
    request: { body: 'pay-form' },
    responses: { 303: 'empty', 400: 'html', 404: 'html', 413: 'html' },
  },
  showCheckoutSession: {
    method: 'GET',
    path: '/checkout/{token}',
    handler: 'functions/http/show-checkout-session.ts',
    auth: 'none',
    errors: 'page',
    grants: ['table:read:checkout-pages'],
    summary: "Hosted checkout of a session (for the payer): its form, or its transaction's page once created",
    responses: { 200: 'html', 303: 'empty', 404: 'html', 410: 'html' },
  },
  submitCheckoutSession: {
    method: 'POST',
    path: '/checkout/{token}',
    handler: 'functions/http/submit-checkout-session.ts',
    auth: 'none',
    errors: 'page',
    // The session's one transaction, through the purchase use case (which picks the rail).
    grants: [
      'table:read:checkout-pages',
      'table:write:checkout-sales',
      'queue:fill-instruction:send',
      'rails:choose',
    ],
    summary: "The hosted checkout's form: creates the session's one transaction, then its payer page",
    request: { body: 'checkout-form' },
    responses: { 303: 'empty', 400: 'html', 404: 'html', 410: 'html', 413: 'html' },
  },
  openPaymentLink: {
    method: 'GET',
    path: '/l/{id}',
    handler: 'functions/http/open-payment-link.ts',
    auth: 'none',
    errors: 'page',
    // Which methods can sell the offer depends on the live rails the stage runs.
    grants: ['table:read:payment-links', 'table:write:checkout-sessions', 'rails:choose'],
    summary: 'A payment link\'s visit (for the payer): a checkout session of its own, or "unavailable"',
    responses: { 303: 'empty', 404: 'html', 410: 'html' },
  },

  getOpenApi: {
    method: 'GET',
    path: '/openapi.json',
    handler: 'functions/http/get-openapi.ts',
    auth: 'none',
    errors: 'catalog',
    grants: [],
    summary: 'This API as an OpenAPI 3.1 document',
    responses: { 200: 'OpenApiDocument' },
  },
  showApiReference: {
    method: 'GET',
    path: '/docs',
    handler: 'functions/http/show-api-reference.ts',
    auth: 'none',
    errors: 'page',
    grants: [],
    summary: 'The API reference (a page rendering /openapi.json)',
    responses: { 200: 'html' },
  },
  getApiReferenceScript: {
    method: 'GET',
    path: '/docs/redoc.standalone.js',
    handler: 'functions/http/get-api-reference-script.ts',
    auth: 'none',
    errors: 'page',
    grants: [],
    assets: [redocBundle],
    summary: 'The reference page’s renderer (Redoc), served from here: no CDN',
    responses: { 200: 'javascript' },
  },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;

export function routeList(): Array<RouteDef & { name: RouteName }> {
  return (Object.keys(routes) as RouteName[]).map((name) => ({ name, ...routes[name] }));
}
