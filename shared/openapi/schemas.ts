// Every valibot schema the published API document names, by component name. Route rows in
// shared/routes.ts refer to these names; the document, the handlers' result types and the
// test client's response checks all come from here. A new schema is one line.
import {
  accountSchema,
  accountSummarySchema,
  accountWebhookSchema,
  apiKeyListSchema,
  apiKeySchema,
  brandingSchema,
  createdApiKeySchema,
  healthReportSchema,
  testWebhookDeliverySchema,
  webhookSecretRotatedSchema,
} from '../accounts/account-responses.ts';
import { accountSummaryQuery } from '../accounts/account-summary.ts';
import { updateAccountWebhookSchema } from '../accounts/account-webhook-schemas.ts';
import { createApiKeySchema } from '../accounts/api-key-schemas.ts';
import { updateBrandingSchema } from '../accounts/branding-schemas.ts';
import { emailSettingsSchema, updateEmailSettingsSchema } from '../accounts/email-settings.ts';
import { saleSettingsSchema, updateSaleSettingsSchema } from '../accounts/sale-settings.ts';
import { balancesSchema, ledgerEntryPageSchema, listLedgerEntriesQuery } from '../balance/balance-schemas.ts';
import {
  offerPageSchema,
  offerSchema,
  productPageSchema,
  productSchema,
} from '../catalog/catalog-responses.ts';
import { createOfferSchema, listOffersQuery, updateOfferSchema } from '../catalog/offer-schemas.ts';
import { createProductSchema, listProductsQuery, updateProductSchema } from '../catalog/product-schemas.ts';
import {
  checkoutSessionPageSchema,
  checkoutSessionSchema,
  paymentLinkPageSchema,
  paymentLinkSchema,
} from '../checkout/checkout-responses.ts';
import {
  createCheckoutSessionSchema,
  createPaymentLinkSchema,
  listCheckoutSessionsQuery,
  listPaymentLinksQuery,
  updatePaymentLinkSchema,
} from '../checkout/checkout-schemas.ts';
import {
  eventListSchema,
  eventSchema,
  eventSummaryPageSchema,
  redeliveryStartedSchema,
} from '../events/event-responses.ts';
import { listEventsQuery } from '../events/list-events-query.ts';
import { hostedPageStatusSchema } from '../hosted-pages/page-status.ts';
import { catalogErrorSchema, gatewayErrorSchema, transactionErrorSchema } from '../http/error-schemas.ts';
import { createRefundSchema, refundListSchema, refundSchema } from '../refunds/refund-schemas.ts';
import {
  cobrNotificationSchema,
  recNotificationSchema,
  recurrenceNotificationReceiptSchema,
} from '../subscriptions/recurrence-notification-schemas.ts';
import {
  createSubscriptionSchema,
  listSubscriptionsQuery,
  subscriptionCycleRunSchema,
  subscriptionPageSchema,
  subscriptionSchema,
} from '../subscriptions/subscription-schemas.ts';
import { exportTransactionsQuery, listTransactionsQuery } from '../transactions/list-transactions-query.ts';
import {
  pixNotificationReceiptSchema,
  pixNotificationSchema,
} from '../transactions/pix-notification-schemas.ts';
import { getTransactionQuery, sandboxPayQuery } from '../transactions/transaction-queries.ts';
import {
  exportFileSchema,
  sandboxPaymentSchema,
  transactionPageSchema,
  transactionSchema,
} from '../transactions/transaction-responses.ts';
import { openApiDocumentSchema } from './document-schema.ts';

/** JSON request bodies, documented as the client sends them (before parsing). */
export const requestSchemas = {
  CreateProductRequest: createProductSchema,
  UpdateProductRequest: updateProductSchema,
  CreateOfferRequest: createOfferSchema,
  UpdateOfferRequest: updateOfferSchema,
  CreateCheckoutSessionRequest: createCheckoutSessionSchema,
  CreatePaymentLinkRequest: createPaymentLinkSchema,
  UpdatePaymentLinkRequest: updatePaymentLinkSchema,
  UpdateAccountSettingsRequest: updateSaleSettingsSchema,
  UpdateAccountEmailsRequest: updateEmailSettingsSchema,
  PixNotification: pixNotificationSchema,
  RecurrenceNotification: recNotificationSchema,
  CycleChargeNotification: cobrNotificationSchema,
  UpdateAccountWebhookRequest: updateAccountWebhookSchema,
  CreateApiKeyRequest: createApiKeySchema,
  UpdateBrandingRequest: updateBrandingSchema,
  CreateRefundRequest: createRefundSchema,
  // The start date's bounds move with the day; the document shows today's.
  CreateSubscriptionRequest: createSubscriptionSchema(new Date()),
};

/** Query strings: each property becomes a query parameter. */
export const querySchemas = {
  ListProductsQuery: listProductsQuery,
  ListOffersQuery: listOffersQuery,
  ListPaymentLinksQuery: listPaymentLinksQuery,
  ListCheckoutSessionsQuery: listCheckoutSessionsQuery,
  GetTransactionQuery: getTransactionQuery,
  SandboxPayQuery: sandboxPayQuery,
  ListTransactionsQuery: listTransactionsQuery,
  ExportTransactionsQuery: exportTransactionsQuery,
  ListEventsQuery: listEventsQuery,
  AccountSummaryQuery: accountSummaryQuery,
  ListLedgerEntriesQuery: listLedgerEntriesQuery,
  ListSubscriptionsQuery: listSubscriptionsQuery,
};

/** Response bodies, documented as the service produces them. */
export const responseSchemas = {
  Product: productSchema,
  ProductPage: productPageSchema,
  Offer: offerSchema,
  OfferPage: offerPageSchema,
  CheckoutSession: checkoutSessionSchema,
  CheckoutSessionPage: checkoutSessionPageSchema,
  PaymentLink: paymentLinkSchema,
  PaymentLinkPage: paymentLinkPageSchema,
  AccountSettings: saleSettingsSchema,
  AccountEmails: emailSettingsSchema,
  Transaction: transactionSchema,
  TransactionPage: transactionPageSchema,
  ExportFile: exportFileSchema,
  SandboxPayment: sandboxPaymentSchema,
  PixNotificationReceipt: pixNotificationReceiptSchema,
  RecurrenceNotificationReceipt: recurrenceNotificationReceiptSchema,
  Event: eventSchema,
  EventList: eventListSchema,
  EventSummaryPage: eventSummaryPageSchema,
  RedeliveryStarted: redeliveryStartedSchema,
  Refund: refundSchema,
  RefundList: refundListSchema,
  Subscription: subscriptionSchema,
  SubscriptionPage: subscriptionPageSchema,
  SubscriptionCycleRun: subscriptionCycleRunSchema,
  Balances: balancesSchema,
  LedgerEntryPage: ledgerEntryPageSchema,
  Account: accountSchema,
  AccountWebhook: accountWebhookSchema,
  WebhookSecretRotated: webhookSecretRotatedSchema,
  TestWebhookDelivery: testWebhookDeliverySchema,
  ApiKey: apiKeySchema,
  ApiKeyList: apiKeyListSchema,
  CreatedApiKey: createdApiKeySchema,
  AccountSummary: accountSummarySchema,
  Branding: brandingSchema,
  HealthReport: healthReportSchema,
  OpenApiDocument: openApiDocumentSchema,
  CatalogError: catalogErrorSchema,
  TransactionError: transactionErrorSchema,
  GatewayError: gatewayErrorSchema,
  HostedPageStatus: hostedPageStatusSchema,
};

export type RequestSchemaName = keyof typeof requestSchemas;
export type QuerySchemaName = keyof typeof querySchemas;
export type ResponseSchemaName = keyof typeof responseSchemas;
