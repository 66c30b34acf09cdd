// Builds the OpenAPI 3.1 document from the route table (shared/routes.ts), the valibot
// schemas (shared/openapi/schemas.ts), the purchase variants and the webhook catalogue. Nothing
// in it is written by hand per route: a new row with its schemas appears here by itself.

import type { JsonSchema } from '@valibot/to-json-schema';
import type { GenericSchema } from 'valibot';
import { addressFieldName, boletoAddressFields } from '../checkout/payer-fields.ts';
import { type EventType, eventTypes } from '../events/event-types.ts';
import { paymentMethods } from '../payment-methods.ts';
import { purchaseVariants } from '../purchase/purchase-schema.ts';
import type { ErrorShape, ResponseBody, RouteDef } from '../route-def.ts';
import { type RouteName, routeList } from '../route-table.ts';
import { componentRef, requestComponents, responseComponents } from './json-schemas.ts';
import { purchaseExamples } from './purchase-examples.ts';
import { type QuerySchemaName, querySchemas, requestSchemas, responseSchemas } from './schemas.ts';
import { webhookCatalogue } from './webhook-catalogue.ts';

type Json = Record<string, unknown>;
type Route = RouteDef & { name: RouteName };

export const apiVersion = '2.0.0';

const errorSchemaName: Record<Exclude<ErrorShape, 'page'>, string> = {
  catalog: 'CatalogError',
  transaction: 'TransactionError',
};

const ref = (name: string) => ({ $ref: componentRef(name) });

// ------------------------------------------------------------------ descriptions

const permissionText = (auth: RouteDef['auth']): string => {
  if (auth === 'none') return 'Public: no API key.';
  if (auth === 'any') return 'Needs any valid API key (HTTP Basic, user `secret`, the key as password).';
  const basic = '(HTTP Basic, user `secret`, the key as password)';
  if (typeof auth === 'string') return `Needs an API key with the \`${auth}\` permission ${basic}.`;
  if (auth.length === 1) return `Needs an API key with the \`${auth[0]}\` permission ${basic}.`;
  const listed = auth.map((permission) => `\`${permission}\``).join(' or ');
  return `Needs an API key with any one of the permissions ${listed} ${basic}.`;
};

const tagOf = (path: string): string => {
  if (path.startsWith('/v2/products')) return 'Products';
  if (path.startsWith('/v2/offers')) return 'Offers';
  if (path.startsWith('/v2/checkout-sessions') || path.startsWith('/v2/payment-links')) return 'Checkout';
  if (path.startsWith('/transactions') || path.startsWith('/events')) return 'Transactions';
  if (path.startsWith('/sandbox')) return 'Sandbox';
  if (path.startsWith('/pay/')) return 'Hosted pages';
  if (path.startsWith('/v2/')) return 'Account';
  return 'Service';
};

const tags = [
  { name: 'Products', description: 'The catalog: products and their images. Errors: `{status, error}`.' },
  { name: 'Offers', description: 'Prices and billing cycles of products. Errors: `{status, error}`.' },
  {
    name: 'Checkout',
    description:
      'Sell an offer on a hosted page: a checkout session is one payment, a payment link opens one per visit. Errors: `{status, error}`.',
  },
  {
    name: 'Transactions',
    description:
      'Cash-in transactions and their webhook events. Errors: `{statusCode, message, error}`. The payer instruction arrives asynchronously: poll `GET /transactions/{id}`.',
  },
  { name: 'Sandbox', description: 'Only on sandbox stages: act as the payer.' },
  { name: 'Account', description: 'The account behind an API key. Errors: `{status, error}`.' },
  {
    name: 'Hosted pages',
    description: 'Pages for the payer, addressed by an unguessable token. Answers are HTML.',
  },
  { name: 'Service', description: 'Health and this reference.' },
];

const words = (name: string) => {
  const spaced = name.replace(/([A-Z])/g, ' $1').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

// ------------------------------------------------------------------ headers

const headerComponents = {
  RequestId: {
    description: 'Identifies the request in the service logs; quote it when asking for support.',
    schema: { type: 'string' },
  },
  IdempotentReplayed: {
    description: '`true` when this answer replays the first request made with the same `Idempotency-Key`.',
    schema: { type: 'string', enum: ['true'] },
  },
  RetryAfter: {
    description: 'How long to wait before retrying: seconds (or an HTTP date).',
    schema: { type: 'string' },
  },
  Location: { description: 'Where the browser goes next.', required: true, schema: { type: 'string' } },
  RateLimit: {
    description:
      'What is left of the caller’s bucket (IETF RateLimit fields): `"account";r=<left>;t=<seconds until full>`.',
    schema: { type: 'string' },
  },
  RateLimitPolicy: {
    description: 'The caller’s bucket (IETF RateLimit fields), e.g. `"account";q=200;w=2`.',
    schema: { type: 'string' },
  },
};

const requiredRequestId = { ...headerComponents.RequestId, required: true };

// ------------------------------------------------------------------ responses

interface ResponsePlan {
  bodies: Set<ResponseBody | 'gateway'>;
}

const reasons: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  303: 'See Other',
  400: 'Bad request: the message names the field and the rule',
  401: 'Missing or invalid API key',
  403: 'The key lacks the permission this route needs',
  404: 'Not found in the key’s account (or the link is unknown)',
  409: 'Conflict with the current state, or a concurrent request',
  410: 'Gone: the transaction expired',
  413: 'Request body too large',
  415: 'Unsupported media type',
  422: 'Idempotency-Key reused with a different body',
  429: 'Too many requests: slow down and retry after `Retry-After` seconds',
  500: 'Internal error; the body carries no details. Retry later',
  503: 'A dependency is failing',
};

const acceptsBody = (route: RouteDef) =>
  route.method === 'POST' || route.method === 'PATCH' || route.method === 'PUT';
const parsesJson = (route: RouteDef) => {
  const body = route.request?.body;
  return body !== undefined && body !== 'image' && body !== 'pay-form' && body !== 'checkout-form';
};

/** The row's statuses plus the shared middleware's, each with every body it may carry. */
function plannedResponses(route: RouteDef): Map<number, ResponsePlan> {
  const plan = new Map<number, ResponsePlan>();
  const add = (status: number, ...bodies: Array<ResponseBody | 'gateway'>) => {
    const entry = plan.get(status) ?? { bodies: new Set() };
    for (const body of bodies) entry.bodies.add(body);
    plan.set(status, entry);
  };
  for (const [status, body] of Object.entries(route.responses)) {
    const list: readonly ResponseBody[] =
      typeof body === 'string' ? [body] : (body as readonly ResponseBody[]);
    add(Number(status), ...list);
  }
  const error: ResponseBody = route.errors === 'page' ? 'html' : 'error';
  if (route.auth !== 'none') add(401, error);
  if (route.auth !== 'none' && route.auth !== 'any') add(403, error);
  if (parsesJson(route) || route.request?.query) add(400, error);
  // A function URL hands its function every method and path; the middleware refuses the others.
  if (route.servedAt === 'function-url') add(404, error);
  // The handler refuses JSON bodies over its limit; the gateway, anything over the invocation limit.
  if (parsesJson(route)) add(413, error);
  if (acceptsBody(route)) add(413, 'gateway');
  add(429, error, 'gateway');
  add(500, error, 'gateway');
  return new Map([...plan.entries()].sort(([a], [b]) => a - b));
}

function responseObject(route: RouteDef, status: number, plan: ResponsePlan): Json {
  const json: Json[] = [];
  const content: Json = {};
  for (const body of plan.bodies) {
    if (body === 'error') json.push(ref(errorSchemaName[route.errors as Exclude<ErrorShape, 'page'>]));
    else if (body === 'gateway') json.push(ref('GatewayError'));
    else if (body === 'html') content['text/html'] = { schema: { type: 'string' } };
    else if (body === 'pdf')
      content['application/pdf'] = { schema: { type: 'string', contentMediaType: 'application/pdf' } };
    else if (body === 'javascript') content['text/javascript'] = { schema: { type: 'string' } };
    else if (body === 'csv')
      content['text/csv'] = {
        schema: {
          type: 'string',
          description:
            "UTF-8 with a byte-order mark, CRLF line ends, a header line; `;` between fields and a decimal comma for pt-BR and es, `,` and a decimal point for en. Amounts in units of the currency; the payer's document masked.",
        },
      };
    else if (body !== 'empty') json.push(ref(body));
  }
  // anyOf: the route's own error shape and the gateway's may both fit a body like `{message}`.
  if (json.length) content['application/json'] = { schema: json.length === 1 ? json[0] : { anyOf: json } };

  // The service sets x-request-id on every answer of its own; the gateway's own answers lack it.
  const fromGateway = plan.bodies.has('gateway');
  const headers: Json = {
    'x-request-id': fromGateway ? { $ref: '#/components/headers/RequestId' } : requiredRequestId,
  };
  if (route.request?.idempotencyKey && status >= 200 && status < 300)
    headers['Idempotent-Replayed'] = { $ref: '#/components/headers/IdempotentReplayed' };
  if (status === 303) headers.Location = { $ref: '#/components/headers/Location' };
  if (status === 429) headers['Retry-After'] = { $ref: '#/components/headers/RetryAfter' };
  headers.RateLimit = { $ref: '#/components/headers/RateLimit' };
  headers['RateLimit-Policy'] = { $ref: '#/components/headers/RateLimitPolicy' };
  return {
    description:
      status === 404 && route.servedAt === 'function-url'
        ? 'Not this route: its function URL passes every method and path to it'
        : (reasons[status] ?? `Status ${status}`),
    headers,
    ...(Object.keys(content).length ? { content } : {}),
  };
}

// ------------------------------------------------------------------ requests

function pathParameters(path: string): Json[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
    description:
      name === 'token'
        ? 'The unguessable token from the transaction’s page URL.'
        : name === 'id' && path.startsWith('/transactions')
          ? 'The transaction id (or, with `searchBy=externalId`, your externalId).'
          : `The ${name}.`,
  }));
}

function queryParameters(schemaName: QuerySchemaName, components: Record<string, JsonSchema>): Json[] {
  const schema = components[schemaName] as Json | undefined;
  const properties = (schema?.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema?.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: 'query',
      required: required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

const idempotencyKeyParameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    '1–255 visible ASCII characters. The same key and body within 24 h replay the first 201 (with `Idempotent-Replayed: true`); another body → 422; while the first request is in flight → 409. A failed request gives its key back.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
};

function requestBody(route: RouteDef, now: Date): Json | undefined {
  const body = route.request?.body;
  if (body === undefined) return undefined;
  if (body === 'purchase') {
    const examples = purchaseExamples(now);
    return {
      required: true,
      content: { 'application/json': { schema: ref('PurchaseRequest'), examples } },
    };
  }
  if (body === 'image') {
    return {
      required: true,
      description: 'One file part named `image` (or `file`): JPEG, PNG, WebP or GIF, at most 4 MiB.',
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              image: { type: 'string', contentMediaType: 'application/octet-stream' },
              file: { type: 'string', contentMediaType: 'application/octet-stream' },
            },
          },
        },
      },
    };
  }
  if (body === 'pay-form') {
    return {
      required: false,
      content: {
        'application/x-www-form-urlencoded': {
          schema: {
            type: 'object',
            properties: {
              bank: { type: 'string', description: 'PSE: the payer’s bank code.' },
              confirmPhone: {
                type: 'string',
                enum: ['yes'],
                description: 'Nequi: the payer confirms the phone.',
              },
            },
          },
        },
      },
    };
  }
  if (body === 'checkout-form') {
    const text = { type: 'string' };
    return {
      required: true,
      description:
        'The payer’s form, with the purchase API’s field names; the session supplies the rest. At most 16 KiB.',
      content: {
        'application/x-www-form-urlencoded': {
          schema: {
            type: 'object',
            properties: {
              paymentMethod: { ...text, description: 'One of the session’s `paymentMethods`.' },
              name: text,
              email: text,
              phone: text,
              cpf: { ...text, description: 'BRL: the payer’s CPF or CNPJ.' },
              responsibleDocument: { ...text, description: 'COP and BOB: the payer’s document.' },
              ...Object.fromEntries(
                boletoAddressFields.map((name) => [
                  addressFieldName(name),
                  { ...text, description: 'Boleto.' },
                ]),
              ),
            },
          },
        },
      },
    };
  }
  return { required: true, content: { 'application/json': { schema: ref(body) } } };
}

// ------------------------------------------------------------------ purchase variants

/** The variants under one discriminator: `currency`, then `paymentMethod` where a currency has several. */
function purchaseComponents(now: Date): Record<string, Json | JsonSchema> {
  const variants = purchaseVariants(now);
  const schemas = Object.fromEntries(variants.map((variant) => [variant.name, variant.schema]));
  const converted = requestComponents(schemas);
  const byCurrency = new Map<string, string[]>();
  for (const variant of variants)
    byCurrency.set(variant.currency, [...(byCurrency.get(variant.currency) ?? []), variant.name]);

  const union: Record<string, Json> = {};
  const mapping: Record<string, string> = {};
  for (const [currency, names] of byCurrency) {
    if (names.length === 1) {
      mapping[currency] = componentRef(names[0] as string);
      continue;
    }
    const methodMapping: Record<string, string> = {};
    for (const name of names)
      for (const method of methodsOf(converted[name] as Json)) methodMapping[method] = componentRef(name);
    const groupName = `${currency.charAt(0)}${currency.slice(1).toLowerCase()}Purchase`;
    union[groupName] = {
      title: groupName,
      description: `${currency}: \`paymentMethod\` selects the variant.`,
      oneOf: names.map(ref),
      discriminator: { propertyName: 'paymentMethod', mapping: methodMapping },
    };
    mapping[currency] = componentRef(groupName);
  }
  union.PurchaseRequest = {
    title: 'PurchaseRequest',
    description: `One schema per rail. \`currency\` selects it (omitted means BRL, where \`paymentMethod\` is required); ${defaultsSentence()}. Unknown fields are refused with a 400 that names them.`,
    oneOf: [...new Set(Object.values(mapping))].map(($ref) => ({ $ref })),
    discriminator: { propertyName: 'currency', mapping },
  };
  return { ...union, ...converted };
}

/** "COP and BOB default their `paymentMethod` (BANK_TRANSFER, QR)", from the catalogue. */
function defaultsSentence(): string {
  const defaults = paymentMethods.filter((row) => row.isDefault);
  const currencies = defaults.map((row) => row.currency).join(' and ');
  return `${currencies} default their \`paymentMethod\` (${defaults.map((row) => row.method).join(', ')})`;
}

function methodsOf(schema: Json): string[] {
  const property = (schema.properties as Record<string, Json> | undefined)?.paymentMethod;
  const options = [property, ...(((property?.anyOf as Json[] | undefined) ?? []) as Json[])];
  return options.flatMap((option) => {
    if (!option) return [];
    if (typeof option.const === 'string') return [option.const];
    return Array.isArray(option.enum) ? (option.enum as string[]) : [];
  });
}

// ------------------------------------------------------------------ webhooks

const webhookHeaders = [
  {
    name: 'webhook-id',
    description: 'The event id (`evt_…`): the same on every retry; deduplicate on it.',
    schema: { type: 'string', pattern: '^evt_' },
  },
  {
    name: 'webhook-timestamp',
    description: 'Unix seconds when this attempt was signed; refuse ones far from now.',
    schema: { type: 'string', pattern: '^\\d+$' },
  },
  {
    name: 'webhook-signature',
    description:
      'Space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the account’s `whsec_…` secret (Standard Webhooks; verify with the `standardwebhooks` package). Two signatures while a rotated secret overlaps (24 h, unless ended early with `POST /v2/account/webhook/expire-previous-secrets`).',
    schema: { type: 'string', pattern: '^v1,' },
  },
].map((header) => ({ ...header, in: 'header', required: true }));

/** From the catalogue's row, so no type's description has to say it. */
function optInNote(type: EventType): string {
  return eventTypes[type].optIn
    ? '\n\nOpt-in: written and sent only for an account whose `optInEventTypes` (`PUT /v2/account/webhook`) lists this type when its state change happens.'
    : '';
}

function webhooks(): Json {
  return Object.fromEntries(
    Object.entries(webhookCatalogue).map(([type, entry]) => [
      type,
      {
        post: {
          operationId: `${type.replace(/\W+(\w)/g, (_, c: string) => c.toUpperCase())}Webhook`,
          summary: `${entry.summary}${eventTypes[type as EventType].optIn ? ' (opt-in)' : ''}`,
          description: `${entry.description}${optInNote(type as EventType)}\n\nPOSTed to the transaction's \`postbackUrl\`, else the account's global URL. Any 2xx ends delivery; other answers are retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h, then the event is \`FAILED\`. 410 Gone stops at once. \`GET /transactions/{id}/events\` lists every attempt.`,
          tags: ['Webhooks'],
          security: [],
          parameters: webhookHeaders,
          requestBody: { required: true, content: { 'application/json': { schema: ref(entry.schemaName) } } },
          responses: {
            '2XX': { description: 'Received: delivery ends.' },
            '410': { description: 'Gone: delivery stops without retries.' },
            default: { description: 'Any other answer (or none within 10 s): retried on the schedule.' },
          },
        },
      },
    ]),
  );
}

// ------------------------------------------------------------------ the document

export interface DocumentOptions {
  /** The stage's base URL, when known (the running service answers with its own). */
  serverUrl?: string;
  /** "Today" for date-dependent rules and examples (boleto due date). */
  now?: Date;
  /** Rows to document; default: the route table. */
  routes?: readonly Route[];
}

function operation(route: Route, components: Record<string, JsonSchema>, now: Date): Json {
  const parameters = [
    ...pathParameters(route.path),
    ...(route.request?.query ? queryParameters(route.request.query, components) : []),
    ...(route.request?.idempotencyKey ? [idempotencyKeyParameter] : []),
  ];
  const body = requestBody(route, now);
  const notes = [permissionText(route.auth)];
  if (route.sandboxOnly) notes.push('Sandbox stages only (404 elsewhere).');
  if (route.servedAt === 'function-url')
    notes.push(
      "At its function's own URL (the stack output named after the operation, e.g. `ReceivePixNotificationUrl`), which the service registers with its PSP; not at the API's base URL.",
    );
  return {
    operationId: route.name,
    summary: route.summary ?? words(route.name),
    description: notes.join('\n\n'),
    tags: [tagOf(route.path)],
    security: route.auth === 'none' ? [] : [{ basicAuth: [] }],
    'x-permission': route.auth,
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: Object.fromEntries(
      [...plannedResponses(route)].map(([status, plan]) => [
        String(status),
        responseObject(route, status, plan),
      ]),
    ),
  };
}

export function buildOpenApiDocument(options: DocumentOptions = {}): Json {
  const now = options.now ?? new Date();
  const routes = options.routes ?? routeList();
  const purchase = purchaseComponents(now);
  const requests = requestComponents(requestSchemas as Record<string, GenericSchema>);
  const queries = requestComponents(querySchemas as Record<string, GenericSchema>);
  const webhookSchemas = Object.fromEntries(
    Object.values(webhookCatalogue).map((entry) => [entry.schemaName, entry.schema]),
  );
  const responses = responseComponents({ ...responseSchemas, ...webhookSchemas } as Record<
    string,
    GenericSchema
  >);
  const schemas = { ...requests, ...purchase, ...responses };

  const paths: Record<string, Json> = {};
  for (const route of routes) {
    paths[route.path] ??= {};
    (paths[route.path] as Json)[route.method.toLowerCase()] = operation(route, queries, now);
  }

  return {
    openapi: '3.1.1',
    info: {
      title: 'Catalog and cash-in API',
      version: apiVersion,
      summary: 'Product catalog and incoming payments (boleto BRL, COP transfers, BOB QR).',
      description:
        'All requests use `Authorization: Basic base64("secret:" + key)`. Amounts are integers in cents. Catalog routes answer errors as `{status, error}`, transaction routes as `{statusCode, message, error}`; messages name the field and the rule. Every answer carries `x-request-id`. This document is generated from the service’s route table and validation schemas.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    tags: [...tags, { name: 'Webhooks', description: 'What the service POSTs to your postback URL.' }],
    paths,
    webhooks: webhooks(),
    components: {
      schemas,
      headers: {
        RequestId: {
          description: headerComponents.RequestId.description,
          schema: headerComponents.RequestId.schema,
        },
        IdempotentReplayed: headerComponents.IdempotentReplayed,
        RetryAfter: headerComponents.RetryAfter,
        Location: headerComponents.Location,
        RateLimit: headerComponents.RateLimit,
        RateLimitPolicy: headerComponents.RateLimitPolicy,
      },
      securitySchemes: {
        basicAuth: {
          type: 'http',
          scheme: 'basic',
          description:
            'User `secret`, password the API key (`sk_test_…`/`sk_live_…`). Each route needs the permission named by its `x-permission` (a list: any one of them; `any`: any valid key).',
        },
      },
    },
  };
}
