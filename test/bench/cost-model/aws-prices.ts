// us-east-1 list prices the cost model multiplies by. Taken from AWS's pricing pages as last
// known (DynamoDB on-demand after the November 2024 price cut); they could not be re-checked
// against aws.amazon.com from this machine (no internet): the DynamoDB figures match
// third-party copies of the page found offline. Update `checkedOn` with the figures.

export const awsPrices = {
  checkedOn: '2026-11-26',
  region: 'us-east-1',
  sources: [
    'https://aws.amazon.com/dynamodb/pricing/on-demand/',
    'https://aws.amazon.com/sqs/pricing/',
    'https://aws.amazon.com/lambda/pricing/',
    'https://aws.amazon.com/api-gateway/pricing/',
    'https://aws.amazon.com/cloudwatch/pricing/',
    'https://aws.amazon.com/ses/pricing/',
  ],
  /** DynamoDB on-demand, Standard table class. */
  dynamoWritePerMillionUnits: 0.625,
  dynamoReadPerMillionUnits: 0.125,
  /** SQS standard queue, per million requests (each 64 KB chunk of a payload is one request). */
  sqsPerMillionRequests: 0.4,
  /** Lambda on arm64, first pricing tier. */
  lambdaPerMillionRequests: 0.2,
  lambdaPerGbSecond: 0.0000133334,
  /** API Gateway HTTP API, first 300 million requests a month. */
  httpApiPerMillionRequests: 1.0,
  /** CloudWatch Logs standard ingestion. */
  logsPerGb: 0.5,
  /** SES outbound e-mail ($0.10 per 1,000), without dedicated IPs or attachments. */
  sesPerMillionEmails: 100,
} as const;

export type AwsPrices = typeof awsPrices;

/** What the model counts for one scenario (or one schedule tick). */
export interface Usage {
  writeUnits: number;
  readUnits: number;
  sqsRequests: number;
  lambdaInvocations: number;
  gbSeconds: number;
  httpRequests: number;
  logBytes: number;
  /** Payer e-mails sent (SES in AWS; the model's local SMTP server receives them). */
  emails: number;
}

export interface Cost {
  dynamo: number;
  sqs: number;
  lambda: number;
  httpApi: number;
  logs: number;
  ses: number;
  total: number;
}

/** Dollars for `usage` (one unit of whatever it counts: a transaction, a tick). */
export function priceOf(usage: Usage, prices: AwsPrices = awsPrices): Cost {
  const perMillion = (count: number, price: number) => (count / 1e6) * price;
  const dynamo =
    perMillion(usage.writeUnits, prices.dynamoWritePerMillionUnits) +
    perMillion(usage.readUnits, prices.dynamoReadPerMillionUnits);
  const sqs = perMillion(usage.sqsRequests, prices.sqsPerMillionRequests);
  const lambda =
    perMillion(usage.lambdaInvocations, prices.lambdaPerMillionRequests) +
    usage.gbSeconds * prices.lambdaPerGbSecond;
  const httpApi = perMillion(usage.httpRequests, prices.httpApiPerMillionRequests);
  const logs = (usage.logBytes / 1024 ** 3) * prices.logsPerGb;
  const ses = perMillion(usage.emails, prices.sesPerMillionEmails);
  return { dynamo, sqs, lambda, httpApi, logs, ses, total: dynamo + sqs + lambda + httpApi + logs + ses };
}

/** Dollars for `usage` had its invocations waited on the network as from us-east-1. */
export function priceWithWaits(
  usage: Usage & { gbSecondsWithWaits: number },
  prices: AwsPrices = awsPrices,
): Cost {
  return priceOf({ ...usage, gbSeconds: usage.gbSecondsWithWaits }, prices);
}

/** Lambda gives a function one full vCPU at this much memory, and a proportional share below it. */
export const lambdaMemoryPerVcpuMb = 1769;

/**
 * How long an invocation measured here would run on Lambda: its CPU time stretched by the
 * function's share of a vCPU (this machine gives it a whole core), plus the network waits it
 * did not have here, with its waits on DynamoDB Local and the simulated queues (`awsLocalMs`)
 * replaced by AWS's (`awsModelledMs`).
 */
export function lambdaDurationMs(invocation: {
  wallMs: number;
  cpuMs: number;
  waitedMs: number;
  memoryMb: number;
  awsLocalMs?: number;
  awsModelledMs?: number;
}): number {
  const share = Math.min(1, invocation.memoryMb / lambdaMemoryPerVcpuMb);
  const cpuMs = Math.min(invocation.cpuMs, invocation.wallMs);
  const wallMs = Math.max(cpuMs, invocation.wallMs - (invocation.awsLocalMs ?? 0));
  return wallMs + cpuMs * (1 / share - 1) + invocation.waitedMs + (invocation.awsModelledMs ?? 0);
}

/** Lambda bills duration in whole milliseconds, rounded up, at the function's memory. */
export function billedGbSeconds(durationMs: number, memoryMb: number): number {
  return (Math.max(1, Math.ceil(durationMs)) / 1000) * (memoryMb / 1024);
}

export const minutesPerMonth = 30 * 24 * 60;
