// The one list of HTTP routes. The CDK stack creates a function, an API route and IAM grants
// from each row; the local gateway serves the same rows. Add a route here and nowhere else.

import type { Grant } from './grants.ts';
import type { Permission } from './permissions.ts';

/** Which error body the route answers with: the contract has one per area. */
export type ErrorShape = 'catalog' | 'transaction' | 'page';

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
}

export const routes = {
  getHealth: {
    method: 'GET',
    path: '/health',
    handler: 'functions/http/get-health.ts',
    auth: 'none',
    errors: 'catalog',
    grants: ['table:read:health', 'queues:health'],
  },
  getDeepHealth: {
    method: 'GET',
    path: '/health/deep',
    handler: 'functions/http/get-deep-health.ts',
    auth: 'any',
    errors: 'catalog',
    grants: ['table:read:health', 'queues:health'],
  },
  getAccount: {
    method: 'GET',
    path: '/v2/account',
    handler: 'functions/http/get-account.ts',
    auth: 'any',
    errors: 'catalog',
    grants: ['table:read'],
  },

  getAccountWebhook: {
    method: 'GET',
    path: '/v2/account/webhook',
    handler: 'functions/http/get-account-webhook.ts',
    auth: 'manageAccount',
    errors: 'catalog',
    grants: ['table:read'],
  },
  updateAccountWebhook: {
    method: 'PUT',
    path: '/v2/account/webhook',
    handler: 'functions/http/update-account-webhook.ts',
    auth: 'manageAccount',
    errors: 'catalog',
    grants: ['table:write'],
  },
  rotateWebhookSecret: {
    method: 'POST',
    path: '/v2/account/webhook/rotate-secret',
    handler: 'functions/http/rotate-webhook-secret.ts',
    auth: 'manageAccount',
    errors: 'catalog',
    grants: ['table:write'],
  },
  sendTestWebhook: {
    method: 'POST',
    path: '/v2/account/webhook/test',
    handler: 'functions/http/send-test-webhook.ts',
    auth: 'manageAccount',
    errors: 'catalog',
    grants: ['table:read'],
  },
  listApiKeys: {
    method: 'GET',
    path: '/v2/api-keys',
    handler: 'functions/http/list-api-keys.ts',
    auth: 'manageAccount',
    errors: 'catalog',
    grants: ['table:read'],
  },
  createApiKey: {
    method: 'POST',
    path: '/v2/api-keys',
    handler: 'functions/http/create-api-key.ts',
    auth: 'manageAccount',
    errors: 'catalog',
    grants: ['table:write'],
  },
  revokeApiKey: {
    method: 'DELETE',
    path: '/v2/api-keys/{id}',
    handler: 'functions/http/revoke-api-key.ts',
    auth: 'manageAccount',
    errors: 'catalog',
    grants: ['table:write'],
  },
  getAccountSummary: {
    method: 'GET',
    path: '/v2/account/summary',
    handler: 'functions/http/get-account-summary.ts',
    auth: 'manageAccount',
    errors: 'catalog',
    grants: ['table:read'],
  },
  getBranding: {
    method: 'GET',
    path: '/v2/account/branding',
    handler: 'functions/http/get-branding.ts',
    auth: 'manageAccount',
    errors: 'catalog',
    grants: ['table:read'],
  },
  updateBranding: {
    method: 'PUT',
    path: '/v2/account/branding',
    handler: 'functions/http/update-branding.ts',
    auth: 'manageAccount',
    errors: 'catalog',
    grants: ['table:write'],
  },
  uploadBrandingLogo: {
    method: 'POST',
    path: '/v2/account/branding/logo',
    handler: 'functions/http/upload-branding-logo.ts',
    auth: 'manageAccount',
    errors: 'catalog',
    grants: ['table:write', 'bucket:write'],
    memoryMb: 1024,
  },

  createProduct: {
    method: 'POST',
    path: '/v2/products',
    handler: 'functions/http/create-product.ts',
    auth: 'isInvoiceAvailable',
    errors: 'catalog',
    grants: ['table:write'],
  },
  listProducts: {
    method: 'GET',
    path: '/v2/products',
    handler: 'functions/http/list-products.ts',
    auth: 'isInvoiceAvailable',
    errors: 'catalog',
    grants: ['table:read'],
  },
  getProduct: {
    method: 'GET',
    path: '/v2/products/{id}',
    handler: 'functions/http/get-product.ts',
    auth: 'isInvoiceAvailable',
    errors: 'catalog',
    grants: ['table:read'],
  },
  updateProduct: {
    method: 'PATCH',
    path: '/v2/products/{id}',
    handler: 'functions/http/update-product.ts',
    auth: 'isInvoiceAvailable',
    errors: 'catalog',
    grants: ['table:write'],
  },
  archiveProduct: {
    method: 'DELETE',
    path: '/v2/products/{id}',
    handler: 'functions/http/archive-product.ts',
    auth: 'isInvoiceAvailable',
    errors: 'catalog',
    grants: ['table:write'],
  },
  uploadProductImage: {
    method: 'POST',
    path: '/v2/products/{id}/image',
    handler: 'functions/http/upload-product-image.ts',
    auth: 'isInvoiceAvailable',
    errors: 'catalog',
    grants: ['table:write', 'bucket:write'],
    memoryMb: 1024,
  },
  deleteProductImage: {
    method: 'DELETE',
    path: '/v2/products/{id}/image',
    handler: 'functions/http/delete-product-image.ts',
    auth: 'isInvoiceAvailable',
    errors: 'catalog',
    grants: ['table:write', 'bucket:write'],
  },
  createOffer: {
    method: 'POST',
    path: '/v2/offers',
    handler: 'functions/http/create-offer.ts',
    auth: 'isInvoiceAvailable',
    errors: 'catalog',
    grants: ['table:write'],
  },
  listOffers: {
    method: 'GET',
    path: '/v2/offers',
    handler: 'functions/http/list-offers.ts',
    auth: 'isInvoiceAvailable',
    errors: 'catalog',
    grants: ['table:read'],
  },

  createPurchase: {
    method: 'POST',
    path: '/transactions/v2/purchase',
    handler: 'functions/http/create-purchase.ts',
    auth: 'createTransaction',
    errors: 'transaction',
    grants: ['table:write', 'queue:fill-instruction:send'],
  },
  listTransactions: {
    method: 'GET',
    path: '/transactions',
    handler: 'functions/http/list-transactions.ts',
    auth: ['createTransaction', 'manageAccount'],
    errors: 'transaction',
    grants: ['table:read'],
  },
  getTransaction: {
    method: 'GET',
    path: '/transactions/{id}',
    handler: 'functions/http/get-transaction.ts',
    auth: ['createTransaction', 'manageAccount'],
    errors: 'transaction',
    grants: ['table:read'],
  },
  cancelTransaction: {
    method: 'POST',
    path: '/transactions/{id}/cancel',
    handler: 'functions/http/cancel-transaction.ts',
    auth: ['createTransaction', 'manageAccount'],
    errors: 'transaction',
    // A cancel that finds the charge paid records the payment and hands its event to delivery.
    grants: ['table:write', 'queue:deliver-event:send', 'rails:live'],
  },
  listTransactionEvents: {
    method: 'GET',
    path: '/transactions/{id}/events',
    handler: 'functions/http/list-transaction-events.ts',
    auth: ['createTransaction', 'manageAccount'],
    errors: 'transaction',
    grants: ['table:read'],
  },
  listEvents: {
    method: 'GET',
    path: '/events',
    handler: 'functions/http/list-events.ts',
    auth: ['createTransaction', 'manageAccount'],
    errors: 'transaction',
    grants: ['table:read'],
  },
  redeliverEvent: {
    method: 'POST',
    path: '/events/{id}/redeliver',
    handler: 'functions/http/redeliver-event.ts',
    auth: ['createTransaction', 'manageAccount'],
    errors: 'transaction',
    grants: ['table:write', 'queue:deliver-event:send'],
  },
  sandboxPayTransaction: {
    method: 'POST',
    path: '/sandbox/transactions/{id}/pay',
    handler: 'functions/http/sandbox-pay-transaction.ts',
    auth: ['createTransaction', 'manageAccount'],
    errors: 'transaction',
    grants: ['table:write', 'queue:watch-payment:send'],
    sandboxOnly: true,
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
  },

  showBoletoPage: {
    method: 'GET',
    path: '/pay/boleto/{token}',
    handler: 'functions/http/show-boleto-page.ts',
    auth: 'none',
    errors: 'page',
    grants: ['table:read:hosted-pages'],
  },
  downloadBoletoPdf: {
    method: 'GET',
    path: '/pay/boleto/{token}/pdf',
    handler: 'functions/http/download-boleto-pdf.ts',
    auth: 'none',
    errors: 'page',
    grants: ['table:read:hosted-pages'],
  },
  showCheckoutPage: {
    method: 'GET',
    path: '/pay/checkout/{token}',
    handler: 'functions/http/show-checkout-page.ts',
    auth: 'none',
    errors: 'page',
    grants: ['table:read:hosted-pages'],
  },
  showQrPage: {
    method: 'GET',
    path: '/pay/qr/{token}',
    handler: 'functions/http/show-qr-page.ts',
    auth: 'none',
    errors: 'page',
    grants: ['table:read:hosted-pages'],
  },
  showPixPage: {
    method: 'GET',
    path: '/pay/pix/{token}',
    handler: 'functions/http/show-pix-page.ts',
    auth: 'none',
    errors: 'page',
    grants: ['table:read'],
  },
  payFromHostedPage: {
    method: 'POST',
    path: '/pay/{token}/sandbox-pay',
    handler: 'functions/http/pay-from-hosted-page.ts',
    auth: 'none',
    errors: 'page',
    grants: ['table:read:hosted-pages', 'table:write:rail-charges', 'queue:watch-payment:send'],
    sandboxOnly: true,
  },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;

export function routeList(): Array<RouteDef & { name: RouteName }> {
  return (Object.keys(routes) as RouteName[]).map((name) => ({ name, ...routes[name] }));
}
