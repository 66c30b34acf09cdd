// Configuration is read from the environment once per process and validated on first use,
// so a function fails at cold start with a clear message instead of mid-request.
import { parseRetrySchedule } from './webhooks/retry-schedule.ts';

export function optional(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

export function requireEnv(name: string): string {
  const value = optional(name);
  if (value === undefined) throw new Error(`missing required environment variable ${name}`);
  return value;
}

function integerEnv(name: string, fallback: number): number {
  const raw = optional(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`environment variable ${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

function booleanEnv(name: string, fallback: boolean): boolean {
  const raw = optional(name);
  if (raw === undefined) return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new Error(`environment variable ${name} must be true or false, got "${raw}"`);
}

function railReportingEnv(): 'declared' | 'polling' {
  const raw = optional('RAIL_REPORTING') ?? 'declared';
  if (raw !== 'declared' && raw !== 'polling')
    throw new Error(`environment variable RAIL_REPORTING must be declared or polling, got "${raw}"`);
  return raw;
}

const configurationResets: Array<() => void> = [];

/**
 * Registers what must be forgotten when this process's configuration changes (a cached client,
 * a wrapper built from a variable). Only a process that hosts a local stack changes it.
 */
export function onConfigurationReset(reset: () => void): void {
  configurationResets.push(reset);
}

/**
 * Forgets every value read from the environment, so the next use reads it again: a test process
 * that starts its own local stack after using another must not keep talking to the first.
 */
export function resetProcessConfiguration(): void {
  for (const reset of configurationResets) reset();
}

function memo<T>(read: () => T): () => T {
  let value: T | undefined;
  let loaded = false;
  onConfigurationReset(() => {
    value = undefined;
    loaded = false;
  });
  return () => {
    if (!loaded) {
      value = read();
      loaded = true;
    }
    return value as T;
  };
}

/** Endpoints of local emulators; absent in AWS, where the SDK's defaults apply. */
export const awsConfig = memo(() => ({
  region: optional('AWS_REGION') ?? 'us-east-1',
  dynamoEndpoint: optional('DYNAMODB_ENDPOINT'),
  sqsEndpoint: optional('SQS_ENDPOINT'),
  s3Endpoint: optional('S3_ENDPOINT'),
  kmsEndpoint: optional('KMS_ENDPOINT'),
  lambdaEndpoint: optional('LAMBDA_ENDPOINT'),
}));

export const tableName = memo(() => requireEnv('TABLE_NAME'));

/**
 * Partitions each kind of work is spread over in the work index (by a hash of the transaction
 * id), so thousands of due-time writes a second never land on one partition. Raise it freely;
 * lowering it strands the work in the dropped partitions until they are drained.
 */
export const workIndexShards = memo(() => {
  const shards = integerEnv('WORK_INDEX_SHARDS', 16);
  if (shards < 1 || shards > 256) throw new Error('WORK_INDEX_SHARDS must be between 1 and 256');
  return shards;
});

export const serviceConfig = memo(() => ({
  /** The stage's name (`local`, `dev`, `staging`, `prod` or a developer's own); used in logs only. */
  stage: optional('STAGE') ?? 'local',
  /** Absolute base URL of the public API, used to build hosted-page links (boletoUrl, redirectUrl). */
  publicBaseUrl: (optional('PUBLIC_BASE_URL') ?? 'http://localhost:3000').replace(/\/+$/, ''),
  sandboxRails: booleanEnv('SANDBOX_RAILS', true),
  sandboxInstructionDelayMs: integerEnv('SANDBOX_INSTRUCTION_DELAY_MS', 2000),
  /** How long after a sandbox payment the sandbox rail reports it (a real boleto rail takes 1–2 days). */
  sandboxSettlementDelayMs: integerEnv('SANDBOX_SETTLEMENT_DELAY_MS', 0),
  /** How long a sandbox COP or BOB charge can be paid (short values let fault runs pay around expiry). */
  sandboxChargeTtlMs: integerEnv('SANDBOX_CHARGE_TTL_MS', 24 * 60 * 60 * 1000),
  /**
   * Business days after a boleto's due date during which the rail is still watched for payments
   * made on time but reported late; the charge is closed (and the transaction EXPIRED) after it.
   */
  boletoSettlementBusinessDays: integerEnv('BOLETO_SETTLEMENT_BUSINESS_DAYS', 3),
  /**
   * After a charge is closed (EXPIRED, CANCELED), the rail is asked once more this much later: a
   * payment made before the close but reported after it is found even if its notification is lost.
   */
  lastLookAfterCloseMs: integerEnv('LAST_LOOK_AFTER_CLOSE_MS', 24 * 60 * 60 * 1000),
  /**
   * `declared`: each rail is watched the way it reports payments (pushes and listings first, a
   * slow per-charge safety net); `polling`: every charge is polled on PAYMENT_POLL_SCHEDULE, as
   * before rails reported anything (a fallback while a provider's notifications or listing fail).
   */
  railReporting: railReportingEnv(),
  /**
   * The safety net under a lost notification and a listing that missed a payment: how far behind
   * each listing's second reading runs, and how often a charge on a rail that only pushes is
   * still asked about on its own.
   */
  safetyNetPollMs: integerEnv('SAFETY_NET_POLL_MS', 24 * 60 * 60 * 1000),
  /**
   * Each window of a listing starts this long before the last one ended: a payment the rail adds
   * to its listing a little after its time is still read (twice at worst, which changes nothing).
   */
  listingOverlapMs: integerEnv('LISTING_OVERLAP_MS', 5 * 60_000),
  allowInsecurePostback: booleanEnv('ALLOW_INSECURE_POSTBACK', false),
  authCacheTtlMs: integerEnv('AUTH_CACHE_TTL_MS', 5000),
  /** Grace after a job's due time before the sweeper re-enqueues it (the job is presumed lost). */
  sweepAfterMs: integerEnv('SWEEP_AFTER_MS', 60_000),
  /** How long one sweeper run may keep reading overdue work; what is left waits for the next run. */
  sweepTimeBudgetMs: integerEnv('SWEEP_TIME_BUDGET_MS', 40_000),
  /**
   * Sweeps in a row (each one a job that never made progress) before a piece of work is given up:
   * the transaction or event is marked failed and leaves the work index. Sweeps back off
   * exponentially from SWEEP_AFTER_MS, so 8 covers about two hours of a rail or a worker failing.
   */
  workMaxSweeps: integerEnv('WORK_MAX_SWEEPS', 8),
  /** Waits (ms) between rail polls for an instruction (when the rail gives no hint); the last repeats. */
  instructionPollScheduleMs: parseRetrySchedule(
    optional('INSTRUCTION_POLL_SCHEDULE') ?? '1s,1s,2s,3s,5s,10s,30s,60s',
  ),
  /** Waits (ms) between rail polls for a payment: fast at first, then every 15 minutes until expiry. */
  paymentPollScheduleMs: parseRetrySchedule(
    optional('PAYMENT_POLL_SCHEDULE') ?? '2s,5s,10s,30s,1m,2m,5m,10m,15m',
  ),
  /** Waits (ms) between webhook attempts: the Standard Webhooks schedule (about 3 days in all). */
  webhookRetryScheduleMs: parseRetrySchedule(
    optional('WEBHOOK_RETRY_SCHEDULE') ?? '5s,5m,30m,2h,5h,10h,14h,20h,24h',
  ),
  webhookTimeoutMs: integerEnv('WEBHOOK_TIMEOUT_MS', 10_000),
  /** How long the public /health answer is reused before the checks run again. */
  healthCacheTtlMs: integerEnv('HEALTH_CACHE_TTL_MS', 10_000),
  /** Requests per second an account may make unless its own setting says otherwise; 0 turns the limit off. */
  rateLimitPerSecond: integerEnv('RATE_LIMIT_PER_SECOND', 100),
  /** Requests an account may send at once after a quiet period (default twice the rate). */
  rateLimitBurst: integerEnv('RATE_LIMIT_BURST', 2 * integerEnv('RATE_LIMIT_PER_SECOND', 100)),
  /** Requests per second one source address may make without a known key (public pages, key lookups). */
  addressRateLimitPerSecond: integerEnv(
    'ADDRESS_RATE_LIMIT_PER_SECOND',
    integerEnv('RATE_LIMIT_PER_SECOND', 100),
  ),
}));

/** Where product images live and the public address they are served from (CloudFront in AWS, the gateway locally). */
/**
 * Exports: the private bucket of prepared files (the `exports:write` grant sets it), how many rows
 * an export answers in its response before it prepares a file instead, and how long a link lasts.
 */
export const exportConfig = memo(() => ({
  bucket: requireEnv('EXPORT_BUCKET'),
  inlineRows: integerEnv('EXPORT_INLINE_ROWS', 1_000),
  linkSeconds: integerEnv('EXPORT_LINK_SECONDS', 900),
}));

export const imageConfig = memo(() => ({
  bucket: requireEnv('IMAGE_BUCKET'),
  baseUrl: requireEnv('IMAGE_BASE_URL').replace(/\/+$/, ''),
}));

export { booleanEnv, integerEnv, optional as optionalEnv };
