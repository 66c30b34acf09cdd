import * as v from 'valibot';
import { httpHandler } from '../../shared/http/handler.ts';
import { routes } from '../../shared/routes.ts';
import {
  maxSandboxSettlementDelayMs,
  paySandboxTransactionById,
} from '../../shared/transactions/sandbox-pay.ts';

const settleRule = `must be a whole number of milliseconds from 0 to ${maxSandboxSettlementDelayMs}`;
const query = v.strictObject({
  settleAfterMs: v.optional(
    v.pipe(
      v.string(settleRule),
      v.regex(/^\d{1,8}$/, settleRule),
      v.transform(Number),
      v.maxValue(maxSandboxSettlementDelayMs, settleRule),
    ),
  ),
});

export const handler = httpHandler(
  routes.sandboxPayTransaction,
  { query },
  async ({ principal, params, query }) => ({
    statusCode: 202,
    body: await paySandboxTransactionById(principal.accountId, params.id ?? '', query),
  }),
);
