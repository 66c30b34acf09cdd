// The one list of HTTP routes: one exported row per route, its name the route's name. The CDK
// stack creates a function, an API route and IAM grants from each row (through route-table.ts);
// the local gateway serves the same rows. Add a route here and nowhere else. A handler imports
// this module as a namespace and names its own row, so its bundle carries that row alone.

import { type RouteDef, redocBundle } from './route-def.ts';

export type { ErrorShape, ResponseBody, RouteDef } from './route-def.ts';

export const getHealth = {
  method: 'GET',
  path: '/health',
  handler: 'functions/http/get-health.ts',
  auth: 'none',
  errors: 'catalog',
  grants: ['table:read:health', 'queues:health'],
  summary: 'Health of the service and its dependencies',
  responses: { 200: 'HealthReport', 503: 'HealthReport' },
} as const satisfies RouteDef;

export const getDeepHealth = {
  method: 'GET',
  path: '/health/deep',
  handler: 'functions/http/get-deep-health.ts',
  auth: 'any',
  errors: 'catalog',
  // A key holder's request: the key (and its account's rate-limit setting) is read first.
  grants: ['table:read', 'queues:health'],
  summary: 'Health, checked now (not cached), for a key holder',
  responses: { 200: 'HealthReport', 503: 'HealthReport' },
} as const satisfies RouteDef;

export const getAccount = {
  method: 'GET',
  path: '/v2/account',
  handler: 'functions/http/get-account.ts',
  auth: 'any',
  errors: 'catalog',
  grants: ['table:read'],
  summary: "The calling key's account, user and permissions",
  responses: { 200: 'Account' },
} as const satisfies RouteDef;

export const getAccountWebhook = {
  method: 'GET',
  path: '/v2/account/webhook',
  handler: 'functions/http/get-account-webhook.ts',
  auth: 'manageAccount',
  errors: 'catalog',
  grants: ['table:read'],
  summary: "The account's webhook URL and signing secrets in force",
  responses: { 200: 'AccountWebhook', 404: 'error' },
} as const satisfies RouteDef;

export const updateAccountWebhook = {
  method: 'PUT',
  path: '/v2/account/webhook',
  handler: 'functions/http/update-account-webhook.ts',
  auth: 'manageAccount',
  errors: 'catalog',
  grants: ['table:write'],
  summary: "Set or clear the account's global webhook URL, or choose its opt-in event types",
  request: { body: 'UpdateAccountWebhookRequest' },
  responses: { 200: 'AccountWebhook', 400: 'error', 404: 'error' },
} as const satisfies RouteDef;

export const rotateWebhookSecret = {
  method: 'POST',
  path: '/v2/account/webhook/rotate-secret',
  handler: 'functions/http/rotate-webhook-secret.ts',
  auth: 'manageAccount',
  errors: 'catalog',
  // The new secret is sealed under the stage's key before it is stored.
  grants: ['table:write', 'secrets:seal'],
  summary: 'Rotate the webhook signing secret (the old one signs for 24 h more unless the overlap is ended)',
  responses: { 200: 'WebhookSecretRotated', 404: 'error', 409: 'error' },
} as const satisfies RouteDef;

export const expirePreviousWebhookSecrets = {
  method: 'POST',
  path: '/v2/account/webhook/expire-previous-secrets',
  handler: 'functions/http/expire-previous-webhook-secrets.ts',
  auth: 'manageAccount',
  errors: 'catalog',
  // Removes sealed entries only: it never seals or opens a secret.
  grants: ['table:write'],
  summary: "End a rotation's overlap now: the previous signing secrets stop signing at once",
  responses: { 200: 'AccountWebhook', 404: 'error', 409: 'error' },
} as const satisfies RouteDef;

export const sendTestWebhook = {
  method: 'POST',
  path: '/v2/account/webhook/test',
  handler: 'functions/http/send-test-webhook.ts',
  auth: 'manageAccount',
  errors: 'catalog',
  // Signs with the account's secrets, which are sealed in the table.
  grants: ['table:read', 'secrets:open'],
  summary: "Send a signed webhook.test event to the account's URL now",
  responses: { 200: 'TestWebhookDelivery', 400: 'error', 404: 'error' },
} as const satisfies RouteDef;

export const listApiKeys = {
  method: 'GET',
  path: '/v2/api-keys',
  handler: 'functions/http/list-api-keys.ts',
  auth: 'manageAccount',
  errors: 'catalog',
  grants: ['table:read'],
  summary: "List the account's API keys (never their secrets)",
  responses: { 200: 'ApiKeyList' },
} as const satisfies RouteDef;

export const createApiKey = {
  method: 'POST',
  path: '/v2/api-keys',
  handler: 'functions/http/create-api-key.ts',
  auth: 'manageAccount',
  errors: 'catalog',
  grants: ['table:write'],
  summary: 'Create an API key (its secret is shown once)',
  request: { body: 'CreateApiKeyRequest' },
  responses: { 201: 'CreatedApiKey', 400: 'error' },
} as const satisfies RouteDef;

export const revokeApiKey = {
  method: 'DELETE',
  path: '/v2/api-keys/{id}',
  handler: 'functions/http/revoke-api-key.ts',
  auth: 'manageAccount',
  errors: 'catalog',
  grants: ['table:write'],
  summary: 'Revoke an API key',
  responses: { 200: 'ApiKey', 404: 'error' },
} as const satisfies RouteDef;

export const getAccountSummary = {
  method: 'GET',
  path: '/v2/account/summary',
  handler: 'functions/http/get-account-summary.ts',
  auth: 'manageAccount',
  errors: 'catalog',
  grants: ['table:read'],
  summary: 'Daily totals per currency over the last days',
  request: { query: 'AccountSummaryQuery' },
  responses: { 200: 'AccountSummary', 400: 'error' },
} as const satisfies RouteDef;

export const getBalance = {
  method: 'GET',
  path: '/v2/balance',
  handler: 'functions/http/get-balance.ts',
  auth: ['createTransaction', 'manageAccount'],
  errors: 'catalog',
  grants: ['table:read'],
  summary: "The account's balance per currency (available, pending, refunded, disputed)",
  responses: { 200: 'Balances' },
} as const satisfies RouteDef;

export const listBalanceEntries = {
  method: 'GET',
  path: '/v2/balance/entries',
  handler: 'functions/http/list-balance-entries.ts',
  auth: ['createTransaction', 'manageAccount'],
  errors: 'catalog',
  grants: ['table:read'],
  summary: "The account's ledger entries (newest first): every money movement",
  request: { query: 'ListLedgerEntriesQuery' },
  responses: { 200: 'LedgerEntryPage', 400: 'error' },
} as const satisfies RouteDef;

export const getAccountEmails = {
  method: 'GET',
  path: '/v2/account/emails',
  handler: 'functions/http/get-account-emails.ts',
  auth: 'manageAccount',
  errors: 'catalog',
  grants: ['table:read'],
  summary: 'Which payer e-mails the account sends, the reply-to address and the sender name',
  responses: { 200: 'AccountEmails', 404: 'error' },
} as const satisfies RouteDef;

export const updateAccountEmails = {
  method: 'PUT',
  path: '/v2/account/emails',
  handler: 'functions/http/update-account-emails.ts',
  auth: 'manageAccount',
  errors: 'catalog',
  grants: ['table:write'],
  summary: 'Turn payer e-mails on or off per kind; set the reply-to address and the sender name',
  request: { body: 'UpdateAccountEmailsRequest' },
  responses: { 200: 'AccountEmails', 400: 'error', 404: 'error' },
} as const satisfies RouteDef;

export const getBranding = {
  method: 'GET',
  path: '/v2/account/branding',
  handler: 'functions/http/get-branding.ts',
  auth: 'manageAccount',
  errors: 'catalog',
  grants: ['table:read'],
  summary: 'The branding hosted payer pages show',
  responses: { 200: 'Branding', 404: 'error' },
} as const satisfies RouteDef;

export const updateBranding = {
  method: 'PUT',
  path: '/v2/account/branding',
  handler: 'functions/http/update-branding.ts',
  auth: 'manageAccount',
  errors: 'catalog',
  grants: ['table:write'],
  summary: 'Set the display name and brand colour',
  request: { body: 'UpdateBrandingRequest' },
  responses: { 200: 'Branding', 400: 'error', 404: 'error' },
} as const satisfies RouteDef;

export const uploadBrandingLogo = {
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
} as const satisfies RouteDef;

export const getAccountSettings = {
  method: 'GET',
  path: '/v2/account/settings',
  handler: 'functions/http/get-account-settings.ts',
  auth: 'manageAccount',
  errors: 'catalog',
  grants: ['table:read'],
  summary: 'What checkout sessions and payment links fill in for the merchant',
  responses: { 200: 'AccountSettings', 404: 'error' },
} as const satisfies RouteDef;

export const updateAccountSettings = {
  method: 'PUT',
  path: '/v2/account/settings',
  handler: 'functions/http/update-account-settings.ts',
  auth: 'manageAccount',
  errors: 'catalog',
  grants: ['table:write'],
  summary: "Set the merchant's document and reference that checkout sales name",
  request: { body: 'UpdateAccountSettingsRequest' },
  responses: { 200: 'AccountSettings', 400: 'error', 404: 'error' },
} as const satisfies RouteDef;

export const createProduct = {
  method: 'POST',
  path: '/v2/products',
  handler: 'functions/http/create-product.ts',
  auth: 'isInvoiceAvailable',
  errors: 'catalog',
  grants: ['table:write'],
  summary: 'Create a product',
  request: { body: 'CreateProductRequest' },
  responses: { 201: 'Product', 400: 'error' },
} as const satisfies RouteDef;

export const listProducts = {
  method: 'GET',
  path: '/v2/products',
  handler: 'functions/http/list-products.ts',
  auth: 'isInvoiceAvailable',
  errors: 'catalog',
  grants: ['table:read'],
  summary: 'List products (newest first)',
  request: { query: 'ListProductsQuery' },
  responses: { 200: 'ProductPage', 400: 'error' },
} as const satisfies RouteDef;

export const getProduct = {
  method: 'GET',
  path: '/v2/products/{id}',
  handler: 'functions/http/get-product.ts',
  auth: 'isInvoiceAvailable',
  errors: 'catalog',
  grants: ['table:read'],
  summary: 'Get a product',
  responses: { 200: 'Product', 404: 'error' },
} as const satisfies RouteDef;

export const updateProduct = {
  method: 'PATCH',
  path: '/v2/products/{id}',
  handler: 'functions/http/update-product.ts',
  auth: 'isInvoiceAvailable',
  errors: 'catalog',
  grants: ['table:write'],
  summary: 'Update a product',
  request: { body: 'UpdateProductRequest' },
  responses: { 200: 'Product', 400: 'error', 404: 'error', 409: 'error' },
} as const satisfies RouteDef;

export const archiveProduct = {
  method: 'DELETE',
  path: '/v2/products/{id}',
  handler: 'functions/http/archive-product.ts',
  auth: 'isInvoiceAvailable',
  errors: 'catalog',
  grants: ['table:write'],
  summary: 'Archive a product (read-only from then on)',
  responses: { 200: 'Product', 400: 'error', 404: 'error', 409: 'error' },
} as const satisfies RouteDef;

export const uploadProductImage = {
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
} as const satisfies RouteDef;

export const deleteProductImage = {
  method: 'DELETE',
  path: '/v2/products/{id}/image',
  handler: 'functions/http/delete-product-image.ts',
  auth: 'isInvoiceAvailable',
  errors: 'catalog',
  grants: ['table:write', 'bucket:write'],
  summary: 'Remove the product image',
  responses: { 200: 'Product', 400: 'error', 404: 'error', 409: 'error' },
} as const satisfies RouteDef;

export const createOffer = {
  method: 'POST',
  path: '/v2/offers',
  handler: 'functions/http/create-offer.ts',
  auth: 'isInvoiceAvailable',
  errors: 'catalog',
  grants: ['table:write'],
  summary: 'Create an offer for a product',
  request: { body: 'CreateOfferRequest' },
  responses: { 201: 'Offer', 400: 'error', 404: 'error' },
} as const satisfies RouteDef;

export const listOffers = {
  method: 'GET',
  path: '/v2/offers',
  handler: 'functions/http/list-offers.ts',
  auth: 'isInvoiceAvailable',
  errors: 'catalog',
  grants: ['table:read'],
  summary: "List a product's offers",
  request: { query: 'ListOffersQuery' },
  responses: { 200: 'OfferPage', 400: 'error', 404: 'error' },
} as const satisfies RouteDef;

export const getOffer = {
  method: 'GET',
  path: '/v2/offers/{id}',
  handler: 'functions/http/get-offer.ts',
  auth: 'isInvoiceAvailable',
  errors: 'catalog',
  grants: ['table:read'],
  summary: 'Get an offer',
  responses: { 200: 'Offer', 404: 'error' },
} as const satisfies RouteDef;

export const updateOffer = {
  method: 'PATCH',
  path: '/v2/offers/{id}',
  handler: 'functions/http/update-offer.ts',
  auth: 'isInvoiceAvailable',
  errors: 'catalog',
  grants: ['table:write'],
  summary: 'Rename an offer or turn it on or off (its price is fixed: a new price is a new offer)',
  request: { body: 'UpdateOfferRequest' },
  responses: { 200: 'Offer', 400: 'error', 404: 'error' },
} as const satisfies RouteDef;

export const createCheckoutSession = {
  method: 'POST',
  path: '/v2/checkout-sessions',
  handler: 'functions/http/create-checkout-session.ts',
  auth: 'createTransaction',
  errors: 'catalog',
  // Which methods can sell the offer depends on the live rails the stage runs.
  grants: ['table:write', 'rails:choose'],
  summary: 'Open a hosted checkout for one payment of an offer',
  request: { body: 'CreateCheckoutSessionRequest' },
  responses: { 201: 'CheckoutSession', 400: 'error', 404: 'error' },
} as const satisfies RouteDef;

export const getCheckoutSession = {
  method: 'GET',
  path: '/v2/checkout-sessions/{id}',
  handler: 'functions/http/get-checkout-session.ts',
  auth: 'createTransaction',
  errors: 'catalog',
  grants: ['table:read'],
  summary: 'Get a checkout session',
  responses: { 200: 'CheckoutSession', 404: 'error' },
} as const satisfies RouteDef;

export const listCheckoutSessions = {
  method: 'GET',
  path: '/v2/checkout-sessions',
  handler: 'functions/http/list-checkout-sessions.ts',
  auth: 'createTransaction',
  errors: 'catalog',
  grants: ['table:read'],
  summary: "List the account's checkout sessions, newest first (optionally one payment link's)",
  request: { query: 'ListCheckoutSessionsQuery' },
  responses: { 200: 'CheckoutSessionPage', 400: 'error' },
} as const satisfies RouteDef;

export const createPaymentLink = {
  method: 'POST',
  path: '/v2/payment-links',
  handler: 'functions/http/create-payment-link.ts',
  auth: 'createTransaction',
  errors: 'catalog',
  // Which methods can sell the offer depends on the live rails the stage runs.
  grants: ['table:write', 'rails:choose'],
  summary: 'Make a lasting link that sells an offer to many payers',
  request: { body: 'CreatePaymentLinkRequest' },
  responses: { 201: 'PaymentLink', 400: 'error', 404: 'error' },
} as const satisfies RouteDef;

export const listPaymentLinks = {
  method: 'GET',
  path: '/v2/payment-links',
  handler: 'functions/http/list-payment-links.ts',
  auth: 'createTransaction',
  errors: 'catalog',
  grants: ['table:read'],
  summary: "List the account's payment links, newest first",
  request: { query: 'ListPaymentLinksQuery' },
  responses: { 200: 'PaymentLinkPage', 400: 'error' },
} as const satisfies RouteDef;

export const getPaymentLink = {
  method: 'GET',
  path: '/v2/payment-links/{id}',
  handler: 'functions/http/get-payment-link.ts',
  auth: 'createTransaction',
  errors: 'catalog',
  grants: ['table:read'],
  summary: 'Get a payment link',
  responses: { 200: 'PaymentLink', 404: 'error' },
} as const satisfies RouteDef;

export const updatePaymentLink = {
  method: 'PATCH',
  path: '/v2/payment-links/{id}',
  handler: 'functions/http/update-payment-link.ts',
  auth: 'createTransaction',
  errors: 'catalog',
  // Which methods can sell the offer depends on the live rails the stage runs.
  grants: ['table:write', 'rails:choose'],
  summary: 'Turn a payment link off or on',
  request: { body: 'UpdatePaymentLinkRequest' },
  responses: { 200: 'PaymentLink', 400: 'error', 404: 'error' },
} as const satisfies RouteDef;

export const createPurchase = {
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
} as const satisfies RouteDef;

export const listTransactions = {
  method: 'GET',
  path: '/transactions',
  handler: 'functions/http/list-transactions.ts',
  auth: ['createTransaction', 'manageAccount'],
  errors: 'transaction',
  grants: ['table:read'],
  summary: 'List transactions (newest first), filtered',
  request: { query: 'ListTransactionsQuery' },
  responses: { 200: 'TransactionPage', 400: 'error' },
} as const satisfies RouteDef;

export const exportTransactions = {
  method: 'GET',
  path: '/transactions/export',
  handler: 'functions/http/export-transactions.ts',
  auth: ['createTransaction', 'manageAccount'],
  errors: 'transaction',
  // A large export is written to the private exports bucket and answered as a presigned link.
  grants: ['table:read', 'exports:write'],
  summary: "Export the listing's transactions (same filters) as a CSV file",
  request: { query: 'ExportTransactionsQuery' },
  responses: { 200: ['csv', 'ExportFile'], 303: 'ExportFile', 400: 'error', 422: 'error' },
} as const satisfies RouteDef;

export const getTransaction = {
  method: 'GET',
  path: '/transactions/{id}',
  handler: 'functions/http/get-transaction.ts',
  auth: ['createTransaction', 'manageAccount'],
  errors: 'transaction',
  grants: ['table:read'],
  summary: 'Get a transaction (poll it until the instruction is filled)',
  request: { query: 'GetTransactionQuery' },
  responses: { 200: 'Transaction', 400: 'error', 404: 'error' },
} as const satisfies RouteDef;

export const cancelTransaction = {
  method: 'POST',
  path: '/transactions/{id}/cancel',
  handler: 'functions/http/cancel-transaction.ts',
  auth: ['createTransaction', 'manageAccount'],
  errors: 'transaction',
  // A cancel that finds the charge paid records the payment and hands its event to delivery.
  grants: ['table:write', 'queue:deliver-event:send', 'queue:send-email:send', 'rails:live'],
  summary: 'Cancel a PENDING or FAILED transaction (closes its charge on the rail)',
  responses: { 200: 'Transaction', 404: 'error', 409: 'error' },
} as const satisfies RouteDef;

export const createRefund = {
  method: 'POST',
  path: '/transactions/{id}/refunds',
  handler: 'functions/http/create-refund.ts',
  auth: 'createTransaction',
  errors: 'transaction',
  // Which rail the transaction is on decides whether it can refund (no settings or secret read).
  grants: ['table:write', 'queue:settle-refund:send', 'rails:choose'],
  summary: 'Refund a PAID transaction, in full or in part (the rail settles it)',
  request: { body: 'CreateRefundRequest', idempotencyKey: true },
  responses: { 201: 'Refund', 404: 'error', 409: 'error', 422: 'error' },
} as const satisfies RouteDef;

export const listTransactionRefunds = {
  method: 'GET',
  path: '/transactions/{id}/refunds',
  handler: 'functions/http/list-transaction-refunds.ts',
  auth: ['createTransaction', 'manageAccount'],
  errors: 'transaction',
  grants: ['table:read'],
  summary: "List a transaction's refunds, oldest first",
  responses: { 200: 'RefundList', 404: 'error' },
} as const satisfies RouteDef;

export const getRefund = {
  method: 'GET',
  path: '/refunds/{id}',
  handler: 'functions/http/get-refund.ts',
  auth: ['createTransaction', 'manageAccount'],
  errors: 'transaction',
  grants: ['table:read'],
  summary: 'Get a refund',
  responses: { 200: 'Refund', 404: 'error' },
} as const satisfies RouteDef;

export const listTransactionEvents = {
  method: 'GET',
  path: '/transactions/{id}/events',
  handler: 'functions/http/list-transaction-events.ts',
  auth: ['createTransaction', 'manageAccount'],
  errors: 'transaction',
  grants: ['table:read'],
  summary: "List a transaction's webhook events and delivery attempts",
  responses: { 200: 'EventList', 404: 'error' },
} as const satisfies RouteDef;

export const listEvents = {
  method: 'GET',
  path: '/events',
  handler: 'functions/http/list-events.ts',
  auth: ['createTransaction', 'manageAccount'],
  errors: 'transaction',
  grants: ['table:read'],
  summary: "List the account's webhook events (newest first), filtered",
  request: { query: 'ListEventsQuery' },
  responses: { 200: 'EventSummaryPage', 400: 'error' },
} as const satisfies RouteDef;

export const redeliverEvent = {
  method: 'POST',
  path: '/events/{id}/redeliver',
  handler: 'functions/http/redeliver-event.ts',
  auth: ['createTransaction', 'manageAccount'],
  errors: 'transaction',
  grants: ['table:write', 'queue:deliver-event:send'],
  summary: 'Deliver an event again (a new retry run)',
  responses: { 202: 'RedeliveryStarted', 404: 'error', 409: 'error' },
} as const satisfies RouteDef;

export const sandboxPayTransaction = {
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
} as const satisfies RouteDef;

export const createSubscription = {
  method: 'POST',
  path: '/v2/subscriptions',
  handler: 'functions/http/create-subscription.ts',
  auth: 'createTransaction',
  errors: 'catalog',
  // Cycle 1 is charged at once: a purchase (rail choice, instruction job) with its events;
  // PIX_AUTOMATICO makes its recurrence at the PSP first.
  grants: ['table:write', 'queue:fill-instruction:send', 'queue:deliver-event:send', 'rails:live'],
  summary: 'Subscribe a customer to a recurring offer (each cycle is a transaction)',
  request: { body: 'CreateSubscriptionRequest' },
  responses: { 201: 'Subscription', 400: 'error', 404: 'error', 409: 'error', 422: 'error', 503: 'error' },
} as const satisfies RouteDef;

export const listSubscriptions = {
  method: 'GET',
  path: '/v2/subscriptions',
  handler: 'functions/http/list-subscriptions.ts',
  auth: ['createTransaction', 'manageAccount'],
  errors: 'catalog',
  grants: ['table:read'],
  summary: "List the account's subscriptions, newest first",
  request: { query: 'ListSubscriptionsQuery' },
  responses: { 200: 'SubscriptionPage', 400: 'error' },
} as const satisfies RouteDef;

export const getSubscription = {
  method: 'GET',
  path: '/v2/subscriptions/{id}',
  handler: 'functions/http/get-subscription.ts',
  auth: ['createTransaction', 'manageAccount'],
  errors: 'catalog',
  grants: ['table:read'],
  summary: 'Get a subscription (its current cycle names its charge)',
  responses: { 200: 'Subscription', 404: 'error' },
} as const satisfies RouteDef;

export const cancelSubscription = {
  method: 'POST',
  path: '/v2/subscriptions/{id}/cancel',
  handler: 'functions/http/cancel-subscription.ts',
  auth: 'createTransaction',
  errors: 'catalog',
  // Its subscription.canceled event is handed to delivery; PIX_AUTOMATICO cancels its recurrence
  // at the PSP (PATCH /rec).
  grants: ['table:write', 'queue:deliver-event:send', 'rails:live'],
  summary: 'Cancel a subscription: no further cycle is charged',
  responses: { 200: 'Subscription', 404: 'error', 409: 'error' },
} as const satisfies RouteDef;

export const sandboxRunNextCycle = {
  method: 'POST',
  path: '/sandbox/subscriptions/{id}/next-cycle',
  handler: 'functions/http/sandbox-run-next-cycle.ts',
  auth: 'createTransaction',
  errors: 'catalog',
  // PIX_AUTOMATICO asks the PSP for the cycle's debit (or reads its recurrence) first.
  grants: [
    'table:write',
    'queue:fill-instruction:send',
    'queue:deliver-event:send',
    'queue:watch-payment:send',
    'rails:live',
  ],
  sandboxOnly: true,
  summary: "Sandbox: run the subscription's next cycle now (an unpaid open cycle ends unpaid)",
  responses: { 200: 'SubscriptionCycleRun', 404: 'error', 409: 'error', 422: 'error' },
} as const satisfies RouteDef;

export const sandboxAuthorizeSubscription = {
  method: 'POST',
  path: '/sandbox/subscriptions/{id}/authorize',
  handler: 'functions/http/sandbox-authorize-subscription.ts',
  auth: 'createTransaction',
  errors: 'catalog',
  // Asks the PSP's payer's bank to approve, reads the recurrence, and may charge cycle 1 (journeys 1, 2).
  grants: [
    'table:write',
    'queue:fill-instruction:send',
    'queue:deliver-event:send',
    'queue:watch-payment:send',
    'rails:live',
  ],
  sandboxOnly: true,
  summary: "Sandbox: the payer's bank authorizes a PIX_AUTOMATICO subscription's recurrence",
  responses: { 200: 'Subscription', 404: 'error', 409: 'error', 422: 'error' },
} as const satisfies RouteDef;

export const receiveRecurrenceNotification = {
  // The PSP appends `/rec` to the webhook URL the service registers (psp-webhook-registration.ts).
  // Public: it only triggers a GET of the recurrence, whose reading moves the subscription.
  method: 'POST',
  path: '/rails/api-pix/webhook/rec',
  servedAt: 'function-url',
  handler: 'functions/http/receive-recurrence-notification.ts',
  auth: 'none',
  errors: 'transaction',
  grants: [
    'table:write:subscription-notifications',
    'queue:fill-instruction:send',
    'queue:deliver-event:send',
    'queue:watch-payment:send',
    'rails:live',
  ],
  summary: "API Pix: the PSP's notification that a Pix Automático recurrence changed (only triggers a GET)",
  request: { body: 'RecurrenceNotification' },
  responses: { 200: 'RecurrenceNotificationReceipt', 400: 'error' },
} as const satisfies RouteDef;

export const receiveCycleChargeNotification = {
  // The PSP appends `/cobr` to the registered webhook URL. Public: it only triggers a GET of the
  // cycle's charge (a failed debit is retried) and a payment check of its transaction.
  method: 'POST',
  path: '/rails/api-pix/webhook/cobr',
  servedAt: 'function-url',
  handler: 'functions/http/receive-cycle-charge-notification.ts',
  auth: 'none',
  errors: 'transaction',
  grants: [
    'table:write:subscription-notifications',
    'queue:deliver-event:send',
    'queue:watch-payment:send',
    'rails:live',
  ],
  summary: "API Pix: the PSP's notification that a Pix Automático cycle charge changed (only triggers a GET)",
  request: { body: 'CycleChargeNotification' },
  responses: { 200: 'RecurrenceNotificationReceipt', 400: 'error' },
} as const satisfies RouteDef;

export const receivePixNotification = {
  // The PSP's webhook for the API Pix rail, at the function's own URL: `npm run pix:webhooks`
  // registers `{function URL}/rails/api-pix/webhook`, to which the PSP appends `/pix`. Public: it
  // only triggers checks.
  method: 'POST',
  path: '/rails/api-pix/webhook/pix',
  servedAt: 'function-url',
  handler: 'functions/http/receive-pix-notification.ts',
  auth: 'none',
  errors: 'transaction',
  grants: ['table:read:rail-references', 'queue:watch-payment:send'],
  summary: "API Pix: the PSP's notification that Pix arrived (only triggers payment checks)",
  request: { body: 'PixNotification' },
  responses: { 200: 'PixNotificationReceipt', 400: 'error' },
} as const satisfies RouteDef;

export const showBoletoPage = {
  method: 'GET',
  path: '/pay/boleto/{token}',
  handler: 'functions/http/show-boleto-page.ts',
  auth: 'none',
  errors: 'page',
  grants: ['table:read:hosted-pages'],
  summary: 'Hosted boleto page (for the payer)',
  responses: { 200: 'html', 404: 'html', 410: 'html' },
} as const satisfies RouteDef;

export const downloadBoletoPdf = {
  method: 'GET',
  path: '/pay/boleto/{token}/pdf',
  handler: 'functions/http/download-boleto-pdf.ts',
  auth: 'none',
  errors: 'page',
  grants: ['table:read:hosted-pages'],
  summary: 'The boleto as a PDF (the status page once paid)',
  responses: { 200: ['pdf', 'html'], 404: 'html', 410: 'html' },
} as const satisfies RouteDef;

export const showReceiptPage = {
  method: 'GET',
  path: '/receipt/{token}',
  handler: 'functions/http/show-receipt-page.ts',
  auth: 'none',
  errors: 'page',
  grants: ['table:read:receipts'],
  summary: "The payer's receipt of a paid transaction (the payer page's token; 404 until paid)",
  responses: { 200: 'html', 404: 'html' },
} as const satisfies RouteDef;

export const downloadReceiptPdf = {
  method: 'GET',
  path: '/receipt/{token}/pdf',
  handler: 'functions/http/download-receipt-pdf.ts',
  auth: 'none',
  errors: 'page',
  grants: ['table:read:receipts'],
  summary: "The payer's receipt as a PDF (404 until paid)",
  responses: { 200: 'pdf', 404: 'html' },
} as const satisfies RouteDef;

export const showCheckoutPage = {
  method: 'GET',
  path: '/pay/checkout/{token}',
  handler: 'functions/http/show-checkout-page.ts',
  auth: 'none',
  errors: 'page',
  grants: ['table:read:hosted-pages'],
  summary: 'Hosted COP checkout page (for the payer)',
  responses: { 200: 'html', 404: 'html', 410: 'html' },
} as const satisfies RouteDef;

export const showQrPage = {
  method: 'GET',
  path: '/pay/qr/{token}',
  handler: 'functions/http/show-qr-page.ts',
  auth: 'none',
  errors: 'page',
  grants: ['table:read:hosted-pages'],
  summary: 'Hosted BOB QR page (for the payer)',
  responses: { 200: 'html', 404: 'html', 410: 'html' },
} as const satisfies RouteDef;

export const showPixPage = {
  method: 'GET',
  path: '/pay/pix/{token}',
  handler: 'functions/http/show-pix-page.ts',
  auth: 'none',
  errors: 'page',
  grants: ['table:read:hosted-pages'],
  summary: 'Hosted BRL PIX page (for the payer)',
  responses: { 200: 'html', 404: 'html', 410: 'html' },
} as const satisfies RouteDef;

export const getHostedPageStatus = {
  method: 'GET',
  path: '/pay/{token}/status',
  handler: 'functions/http/get-hosted-page-status.ts',
  auth: 'none',
  errors: 'page',
  grants: ['table:read:hosted-pages'],
  summary: "A payer page's transaction status, which the open page watches to show when it is paid",
  responses: { 200: 'HostedPageStatus', 404: 'html' },
} as const satisfies RouteDef;

export const payFromHostedPage = {
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
} as const satisfies RouteDef;

export const showCheckoutSession = {
  method: 'GET',
  path: '/checkout/{token}',
  handler: 'functions/http/show-checkout-session.ts',
  auth: 'none',
  errors: 'page',
  grants: ['table:read:checkout-pages'],
  summary: "Hosted checkout of a session (for the payer): its form, or its transaction's page once created",
  responses: { 200: 'html', 303: 'empty', 404: 'html', 410: 'html' },
} as const satisfies RouteDef;

export const submitCheckoutSession = {
  method: 'POST',
  path: '/checkout/{token}',
  handler: 'functions/http/submit-checkout-session.ts',
  auth: 'none',
  errors: 'page',
  // The session's one transaction, through the purchase use case (which picks the rail); for a
  // recurring offer, a subscription whose cycle 1 is that transaction, with its events. Pix
  // Automático makes the recurrence at the PSP before its subscription is written: the rail's
  // settings and secret.
  grants: [
    'table:read:checkout-pages',
    'table:write:checkout-sales',
    'queue:fill-instruction:send',
    'queue:deliver-event:send',
    'rails:live',
  ],
  summary: "The hosted checkout's form: creates the session's one transaction, then its payer page",
  request: { body: 'checkout-form' },
  responses: { 303: 'empty', 400: 'html', 404: 'html', 410: 'html', 413: 'html', 503: 'html' },
} as const satisfies RouteDef;

export const openPaymentLink = {
  method: 'GET',
  path: '/l/{id}',
  handler: 'functions/http/open-payment-link.ts',
  auth: 'none',
  errors: 'page',
  // Which methods can sell the offer depends on the live rails the stage runs.
  grants: ['table:read:payment-links', 'table:write:checkout-sessions', 'rails:choose'],
  summary: 'A payment link\'s visit (for the payer): a checkout session of its own, or "unavailable"',
  responses: { 303: 'empty', 404: 'html', 410: 'html' },
} as const satisfies RouteDef;

export const getOpenApi = {
  method: 'GET',
  path: '/openapi.json',
  handler: 'functions/http/get-openapi.ts',
  auth: 'none',
  errors: 'catalog',
  grants: [],
  summary: 'This API as an OpenAPI 3.1 document',
  responses: { 200: 'OpenApiDocument' },
} as const satisfies RouteDef;

export const showApiReference = {
  method: 'GET',
  path: '/docs',
  handler: 'functions/http/show-api-reference.ts',
  auth: 'none',
  errors: 'page',
  grants: [],
  summary: 'The API reference (a page rendering /openapi.json)',
  responses: { 200: 'html' },
} as const satisfies RouteDef;

export const getApiReferenceScript = {
  method: 'GET',
  path: '/docs/redoc.standalone.js',
  handler: 'functions/http/get-api-reference-script.ts',
  auth: 'none',
  errors: 'page',
  grants: [],
  assets: [redocBundle],
  summary: 'The reference page’s renderer (Redoc), served from here: no CDN',
  responses: { 200: 'javascript' },
} as const satisfies RouteDef;
