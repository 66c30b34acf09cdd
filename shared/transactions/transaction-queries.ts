// Query-string schemas of the transaction routes.
import * as v from 'valibot';
import { maxSandboxSettlementDelayMs } from './sandbox-pay.ts';

export const getTransactionQuery = v.object({
  searchBy: v.optional(
    v.pipe(
      v.picklist(['id', 'externalId'], 'must be "id" or "externalId"'),
      v.metadata({ description: '`externalId`: the path segment is your externalId instead of the id.' }),
    ),
    'id',
  ),
});

const settleRule = `must be a whole number of milliseconds from 0 to ${maxSandboxSettlementDelayMs}`;

export const sandboxPayQuery = v.strictObject({
  settleAfterMs: v.optional(
    v.pipe(
      v.string(settleRule),
      v.regex(/^\d{1,8}$/, settleRule),
      v.metadata({
        description: 'How long the sandbox rail takes to settle the payment (default: the stage setting).',
      }),
      v.transform(Number),
      v.maxValue(maxSandboxSettlementDelayMs, settleRule),
    ),
  ),
  notify: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'must be "true" or "false"'),
      v.metadata({
        description:
          "`false`: the rail's notification of this payment is lost (for methods whose rail notifies), so only the rail's listing or the daily check of the charge finds it. Default `true`.",
      }),
      v.transform((value) => value === 'true'),
    ),
  ),
});
