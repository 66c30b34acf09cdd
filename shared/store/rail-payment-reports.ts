// The sandbox rails' listing of the payments they received (their bank statement): one line
// per payment, written with the payment, in hour partitions sorted by the time the rail reports
// it. A window is read hour by hour, a page at a time; the page token says where to go on.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import { tableName } from '../config.ts';
import { railPaymentReportPartition } from './keys.ts';

export interface RailPaymentReport {
  rail: string;
  accountId: string;
  transactionId: string;
  amount: number;
  paidAt: string;
  reportedAt: string;
}

interface PageToken {
  /** The hour partition (`YYYY-MM-DDTHH`) to read next. */
  hour: string;
  key?: Record<string, unknown>;
}

const hourMs = 60 * 60 * 1000;

function encode(token: PageToken): string {
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

function decode(page: string): PageToken {
  const token = JSON.parse(Buffer.from(page, 'base64url').toString('utf8')) as PageToken;
  if (typeof token.hour !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}$/.test(token.hour))
    throw new Error('not a sandbox listing page token');
  return token;
}

const nextHour = (hour: string) =>
  new Date(Date.parse(`${hour}:00:00.000Z`) + hourMs).toISOString().slice(0, 13);

/** Payments reported from `from` to `to` (inclusive, ISO), one page of at most `limit`. */
export async function listRailPaymentReports(
  listing: string,
  from: string,
  to: string,
  page: string | null,
  limit = 100,
): Promise<{ reports: RailPaymentReport[]; nextPage: string | null }> {
  let token: PageToken = page ? decode(page) : { hour: from.slice(0, 13) };
  const lastHour = to.slice(0, 13);
  const reports: RailPaymentReport[] = [];
  while (token.hour <= lastHour && reports.length < limit) {
    const result = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': railPaymentReportPartition(listing, `${token.hour}:00:00.000Z`),
          ':from': from,
          // Every line reported at `to` itself sorts after the bare time: `~` closes the range.
          ':to': `${to}~`,
        },
        ProjectionExpression: 'rail, accountId, transactionId, amount, paidAt, reportedAt',
        Limit: limit - reports.length,
        ExclusiveStartKey: token.key,
      }),
    );
    for (const item of result.Items ?? []) reports.push(item as RailPaymentReport);
    token = result.LastEvaluatedKey
      ? { hour: token.hour, key: result.LastEvaluatedKey }
      : { hour: nextHour(token.hour) };
  }
  return { reports, nextPage: token.hour <= lastHour ? encode(token) : null };
}
