// The error bodies, as schemas: the contract's two shapes (catalog `{status, error}`,
// transaction `{statusCode, message, error}`) and what API Gateway itself answers before a
// function runs (`{message}`: throttled, payload over the invocation limit, integration failure).
import * as v from 'valibot';

const httpStatus = v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599));

export const catalogErrorSchema = v.pipe(
  v.object({
    status: v.pipe(httpStatus, v.description('The HTTP status, repeated.')),
    error: v.pipe(v.string(), v.description('What went wrong; names the field and the rule.')),
  }),
  v.title('CatalogError'),
  v.description('Error body of the catalog and account routes.'),
);

export const transactionErrorSchema = v.pipe(
  v.object({
    statusCode: v.pipe(httpStatus, v.description('The HTTP status, repeated.')),
    message: v.pipe(
      v.string(),
      v.description('What went wrong; names the field and the rule (`Unauthorized`, `Forbidden` for auth).'),
    ),
    error: v.pipe(v.string(), v.description('The status text, e.g. `Bad Request`, `Conflict`.')),
  }),
  v.title('TransactionError'),
  v.description('Error body of the transaction, event and sandbox routes.'),
);

export const gatewayErrorSchema = v.pipe(
  v.strictObject({ message: v.string() }),
  v.title('GatewayError'),
  v.description(
    'Answered by the API gateway itself, before the route runs: throttling (429), a request over the invocation payload limit (413), an integration failure (500/503).',
  ),
);

export type CatalogError = v.InferOutput<typeof catalogErrorSchema>;
export type TransactionError = v.InferOutput<typeof transactionErrorSchema>;
