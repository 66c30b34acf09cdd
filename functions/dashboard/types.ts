// The API objects the dashboard reads: the very types the API's response schemas are checked
// against (shared/openapi/same-type.ts), so a field renamed in the API stops `tsc` here.
export type { AccountSummary, SummaryRow } from '../../shared/accounts/account-summary.ts';
export type {
  AccountWebhookView as WebhookSettings,
  TestDeliveryView,
} from '../../shared/accounts/account-webhook.ts';
export type { ApiKeyView as ApiKey } from '../../shared/accounts/api-keys.ts';
export type { SaleSettings } from '../../shared/accounts/sale-settings.ts';
export type { Balance } from '../../shared/balance/ledger.ts';
export type { Offer } from '../../shared/catalog/offer.ts';
export type { Product } from '../../shared/catalog/product.ts';
export type { CheckoutSession } from '../../shared/checkout/checkout-session.ts';
export type { PaymentLink } from '../../shared/checkout/payment-link.ts';
export type { DisputeEventData } from '../../shared/disputes/dispute-event-data.ts';
export type { DeliveryAttempt } from '../../shared/events/event.ts';
export type { EventView as TransactionEvent } from '../../shared/events/event-views.ts';
export type { EventSummaryView as EventSummary } from '../../shared/events/list-events.ts';
export type { PageResponse as Page } from '../../shared/http/pagination.ts';
export type { RefundView as Refund } from '../../shared/refunds/refund.ts';
export type { SubscriptionView as Subscription } from '../../shared/subscriptions/subscription.ts';
export type { TransactionView as Transaction } from '../../shared/transactions/transaction.ts';
