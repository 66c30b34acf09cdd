// Every example the API reference shows (valibot `examples` actions and `metadata` examples, at
// any depth of a request, query, response or webhook schema) is accepted by the schema it
// illustrates; selling an offer is documented with examples, down to the webhook's payload.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../shared/openapi/document.ts';
import { querySchemas, requestSchemas, responseSchemas } from '../../shared/openapi/schemas.ts';
import { webhookCatalogue } from '../../shared/openapi/webhook-catalogue.ts';

interface Node {
  type?: string;
  pipe?: Node[];
  entries?: Record<string, Node>;
  wrapped?: Node;
  item?: Node;
  examples?: unknown[];
  metadata?: { examples?: unknown[] };
}

/** [where, schema, example] for every example under `schema`. */
function examplesUnder(where: string, schema: Node): Array<[string, v.GenericSchema, unknown]> {
  const own = (schema.pipe ?? []).flatMap((action) =>
    action.type === 'examples' ? (action.examples ?? []) : (action.metadata?.examples ?? []),
  );
  const base = schema.pipe?.[0] ?? schema;
  const children: Array<[string, Node]> = [
    ...Object.entries(base.entries ?? {}).map(([name, child]): [string, Node] => [`${where}.${name}`, child]),
    ...(base.wrapped ? [[where, base.wrapped] as [string, Node]] : []),
    ...(base.item ? [[`${where}[]`, base.item] as [string, Node]] : []),
  ];
  return [
    ...own.map((example): [string, v.GenericSchema, unknown] => [where, schema as v.GenericSchema, example]),
    ...children.flatMap(([name, child]) => examplesUnder(name, child)),
  ];
}

const schemas: Record<string, unknown> = {
  ...requestSchemas,
  ...querySchemas,
  ...responseSchemas,
  ...Object.fromEntries(Object.values(webhookCatalogue).map((entry) => [entry.schemaName, entry.schema])),
};
const examples = Object.entries(schemas).flatMap(([name, schema]) => examplesUnder(name, schema as Node));

describe('schema examples', () => {
  it.each(examples.map(([where, schema, example]) => [where, schema, example] as const))(
    '%s: its example is valid',
    (_where, schema, example) => {
      const result = v.safeParse(schema, example);
      expect(result.issues?.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`)).toBeUndefined();
    },
  );

  it('documents selling an offer with examples, the sale fields in cashin.paid included', () => {
    const documented = buildOpenApiDocument().components as {
      schemas: Record<string, { examples?: unknown[] }>;
    };
    for (const name of [
      'CreateCheckoutSessionRequest',
      'CheckoutSession',
      'CreatePaymentLinkRequest',
      'UpdatePaymentLinkRequest',
      'PaymentLink',
      'UpdateAccountSettingsRequest',
      'AccountSettings',
      'Transaction',
      'CashinPaidEvent',
    ])
      expect(documented.schemas[name]?.examples, name).toHaveLength(1);
    const paid = documented.schemas.CashinPaidEvent!.examples![0] as { data: Record<string, unknown> };
    expect(Object.keys(paid.data)).toEqual(
      expect.arrayContaining(['offerId', 'productId', 'checkoutSessionId', 'paymentLinkId']),
    );
  });
});
