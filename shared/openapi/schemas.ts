// Every valibot schema the published API document names, by component name. Route rows in
// shared/routes.ts refer to these names; the document, the handlers' result types and the
// test client's response checks all come from here. A new schema is one line.
import { accountSchema, healthReportSchema } from '../accounts/account-responses.ts';
import {
  offerPageSchema,
  offerSchema,
  productPageSchema,
  productSchema,
} from '../catalog/catalog-responses.ts';
import { createOfferSchema, listOffersQuery } from '../catalog/offer-schemas.ts';
import { createProductSchema, listProductsQuery, updateProductSchema } from '../catalog/product-schemas.ts';
import { eventListSchema, eventSchema, redeliveryStartedSchema } from '../events/event-responses.ts';
import { catalogErrorSchema, gatewayErrorSchema, transactionErrorSchema } from '../http/error-schemas.ts';
import {
  pixNotificationReceiptSchema,
  pixNotificationSchema,
} from '../transactions/pix-notification-schemas.ts';
import { getTransactionQuery, sandboxPayQuery } from '../transactions/transaction-queries.ts';
import { sandboxPaymentSchema, transactionSchema } from '../transactions/transaction-responses.ts';
import { openApiDocumentSchema } from './document-schema.ts';

/** JSON request bodies, documented as the client sends them (before parsing). */
export const requestSchemas = {
  CreateProductRequest: createProductSchema,
  UpdateProductRequest: updateProductSchema,
  CreateOfferRequest: createOfferSchema,
  PixNotification: pixNotificationSchema,
};

/** Query strings: each property becomes a query parameter. */
export const querySchemas = {
  ListProductsQuery: listProductsQuery,
  ListOffersQuery: listOffersQuery,
  GetTransactionQuery: getTransactionQuery,
  SandboxPayQuery: sandboxPayQuery,
};

/** Response bodies, documented as the service produces them. */
export const responseSchemas = {
  Product: productSchema,
  ProductPage: productPageSchema,
  Offer: offerSchema,
  OfferPage: offerPageSchema,
  Transaction: transactionSchema,
  SandboxPayment: sandboxPaymentSchema,
  PixNotificationReceipt: pixNotificationReceiptSchema,
  Event: eventSchema,
  EventList: eventListSchema,
  RedeliveryStarted: redeliveryStartedSchema,
  Account: accountSchema,
  HealthReport: healthReportSchema,
  OpenApiDocument: openApiDocumentSchema,
  CatalogError: catalogErrorSchema,
  TransactionError: transactionErrorSchema,
  GatewayError: gatewayErrorSchema,
};

export type RequestSchemaName = keyof typeof requestSchemas;
export type QuerySchemaName = keyof typeof querySchemas;
export type ResponseSchemaName = keyof typeof responseSchemas;
