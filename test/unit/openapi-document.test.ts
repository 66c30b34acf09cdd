// GET /openapi.json's document, built from the route table and the valibot schemas: a valid
// OpenAPI 3.1 document that covers every row, its permission, its statuses and the webhooks.
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventTypeNames } from '../../shared/events/event-types.ts';
import { buildOpenApiDocument } from '../../shared/openapi/document.ts';
import { purchaseExamples } from '../../shared/openapi/purchase-examples.ts';
import { paymentMethods } from '../../shared/payment-methods.ts';
import { parsePurchaseRequest } from '../../shared/purchase/purchase-schema.ts';
import type { RouteDef } from '../../shared/route-def.ts';
import { routeList } from '../../shared/route-table.ts';

const now = new Date('2026-11-25T15:00:00Z');
const document = buildOpenApiDocument({ now, serverUrl: 'https://api.sandbox.cashin.test' }) as any;
const operationOf = (route: RouteDef) => document.paths[route.path][route.method.toLowerCase()];

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has every route of the table, with its permission and security', () => {
    for (const route of routeList()) {
      const operation = operationOf(route);
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(operation.operationId).toBe(route.name);
      expect(operation['x-permission']).toBe(route.auth);
      expect(operation.security).toEqual(route.auth === 'none' ? [] : [{ basicAuth: [] }]);
      if (route.auth !== 'none')
        for (const needed of route.auth === 'any' ? ['any valid'] : [route.auth].flat())
          expect(operation.description).toContain(needed);
    }
    expect(document.components.securitySchemes.basicAuth).toMatchObject({ type: 'http', scheme: 'basic' });
  });

  it("lists each row's own statuses and the middleware's", () => {
    for (const route of routeList()) {
      const statuses = Object.keys(operationOf(route).responses).map(Number);
      for (const status of Object.keys(route.responses).map(Number)) expect(statuses).toContain(status);
      expect(statuses).toContain(500);
      expect(statuses).toContain(429);
      if (route.auth !== 'none') expect(statuses).toContain(401);
      if (route.auth !== 'none' && route.auth !== 'any') expect(statuses).toContain(403);
    }
  });

  it('gives errors the shape of their area and every answer x-request-id', () => {
    const product = document.paths['/v2/products/{id}'].get.responses;
    expect(product['404'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/CatalogError',
    });
    expect(product['200'].headers['x-request-id'].required).toBe(true);
    const purchase = document.paths['/transactions/v2/purchase'].post;
    expect(purchase.responses['409'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/TransactionError',
    });
    expect(purchase.responses['201'].headers['Idempotent-Replayed']).toBeDefined();
    expect(purchase.parameters.map((parameter: any) => parameter.name)).toContain('Idempotency-Key');
    expect(document.paths['/pay/qr/{token}'].get.responses['404'].content).toHaveProperty('text/html');
  });

  it('documents each purchase variant as its own schema under a currency discriminator', () => {
    const union = document.components.schemas.PurchaseRequest;
    expect(union.discriminator.propertyName).toBe('currency');
    expect(Object.keys(union.discriminator.mapping)).toEqual(['BRL', 'COP', 'BOB']);
    for (const name of ['BoletoPurchase', 'CopPurchase', 'BobPurchase'])
      expect(document.components.schemas[name].additionalProperties).toBe(false);
  });

  describe('purchase examples', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormatsModule as unknown as (ajv: Ajv2020) => void)(ajv);
    let validate: ReturnType<Ajv2020['compile']>;
    beforeAll(() => {
      ajv.addSchema(document, 'openapi.json');
      validate = ajv.compile({ $ref: 'openapi.json#/components/schemas/PurchaseRequest' });
    });

    it.each(Object.entries(purchaseExamples(now)))(
      '%s fits its schema and the service accepts it',
      (_, example) => {
        expect(validate(example.value), ajv.errorsText(validate.errors)).toBe(true);
        expect(() => parsePurchaseRequest(example.value, now)).not.toThrow();
      },
    );

    it('covers every currency and COP method', () => {
      const examples = Object.values(purchaseExamples(now)).map((example) => example.value);
      const shown = new Set(examples.map((value) => `${value.currency}/${value.paymentMethod}`));
      for (const row of paymentMethods) expect(shown).toContain(`${row.currency}/${row.method}`);
    });
  });

  it('documents every event type as a webhook with the Standard Webhooks headers', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...eventTypeNames].sort());
    for (const type of eventTypeNames) {
      const post = document.webhooks[type].post;
      expect(post.parameters.map((parameter: any) => parameter.name)).toEqual([
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
      ]);
      const ref = post.requestBody.content['application/json'].schema.$ref as string;
      const envelope = document.components.schemas[ref.split('/').pop()!];
      expect(envelope.properties.type).toEqual({ type: 'string', const: type });
      expect(envelope.required).toEqual(['id', 'type', 'createdAt', 'data']);
    }
    const paid = document.components.schemas.CashinPaidEvent.properties.data;
    // Delivered as the transaction is at the attempt: refunds may have made it REFUNDED since.
    expect(paid.properties.status).toMatchObject({ type: 'string', enum: ['PAID', 'REFUNDED'] });
    expect(paid.required).toContain('paidAt');
  });

  it('picks up a new route row and its schemas with no other change', () => {
    const row = {
      name: 'getAccountSummary',
      method: 'GET',
      path: '/v2/account/summary',
      handler: 'functions/http/get-account.ts',
      auth: 'any',
      errors: 'catalog',
      grants: ['table:read'],
      responses: { 200: 'Account', 404: 'error' },
    } as const;
    const extended = buildOpenApiDocument({ now, routes: [...routeList(), row] as any }) as any;
    const operation = extended.paths['/v2/account/summary'].get;
    expect(operation.summary).toBe('Get account summary');
    expect(Object.keys(operation.responses)).toEqual(['200', '401', '404', '429', '500']);
    expect(operation.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Account',
    });
  });
});
