// Response bodies of the account and health routes, as schemas.
import * as v from 'valibot';
import type { HealthReport } from '../health/check-health.ts';
import { timestamp } from '../http/response-fields.ts';
import type { Assert, Matches } from '../openapi/same-type.ts';
import { permissions } from '../permissions.ts';

export const accountSchema = v.pipe(
  v.object({
    accountId: v.pipe(v.string(), v.regex(/^acc_/)),
    userId: v.pipe(v.string(), v.regex(/^usr_/)),
    keyId: v.string(),
    permissions: v.pipe(v.array(v.picklist(permissions)), v.readonly()),
  }),
  v.title('Account'),
  v.description('The account, user and permissions of the key that made the call.'),
);

export const healthReportSchema = v.pipe(
  v.object({
    status: v.picklist(['ok', 'degraded']),
    checks: v.pipe(
      v.record(v.string(), v.picklist(['ok', 'failing'])),
      v.description('One entry per dependency: `table`, `queue:<name>`.'),
    ),
    time: timestamp,
  }),
  v.title('HealthReport'),
);

export type _HealthMatches = Assert<Matches<HealthReport, v.InferOutput<typeof healthReportSchema>>>;
