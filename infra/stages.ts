// Per-stage configuration, in code. Stages differ only by these values; the stack reads
// nothing else. Account ids, certificate ARNs and e-mail addresses never live in the repo:
// they arrive as context (`-c alarmEmail=…`) at deploy time.

import type { QueueName } from '../shared/queues.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface StageConfig {
  readonly name: string;
  /** Sandbox rails produce instructions and accept simulated payments; sandbox-only routes exist. */
  readonly sandboxRails: boolean;
  /** `http://` and loopback postback URLs are never allowed in AWS. */
  readonly allowInsecurePostback: false;
  /** Keep data (table, buckets, queues, logs) when the stack or a resource is deleted. */
  readonly retainData: boolean;
  /** DynamoDB deletion protection and CloudFormation termination protection. */
  readonly deletionProtection: boolean;
  /** Days to keep function, API access and CloudFront/S3 access logs. */
  readonly logRetentionDays: number;
  readonly logLevel: LogLevel;
  /** API stage throttling: steady requests per second and burst, per route. */
  readonly throttle: { readonly rateLimit: number; readonly burstLimit: number };
  /**
   * Each public route's own throttling (payer pages, docs, OpenAPI, health, PSP notifications):
   * lower than the merchant routes', so a flood of unauthenticated requests spends at most this
   * much of the account's API Gateway and Lambda capacity per route.
   */
  readonly publicRouteThrottle: { readonly rateLimit: number; readonly burstLimit: number };
  /** Alarm notifications: an e-mail subscribed to the stack's topic, or an existing topic. */
  readonly alarmEmail?: string;
  readonly alarmTopicArn?: string;
  /**
   * With alarmTopicArn: let this stack own the topic's policy (an AWS::SNS::TopicPolicy, which
   * replaces the topic's current policy) instead of printing the statement for the topic's owner.
   */
  readonly manageAlarmTopicPolicy?: boolean;
  /** API 5xx share (percent of requests) that raises the API alarm. */
  readonly apiErrorRatePercent: number;
  /**
   * Function errors page through one alarm per function (it names the function; ~$0.10 a month
   * each, about 70 of them), or one alarm on the account's and region's Lambda errors (one
   * metric; the dashboard shows which function): the lever that cuts an idle dev stage's cost.
   */
  readonly functionErrorAlarms: 'per-function' | 'account-wide';
  /**
   * Browser origins allowed by CORS (the merchant dashboard's origin, once it exists); CORS stays
   * off when absent (server-to-server API).
   */
  readonly corsAllowOrigins?: readonly string[];
  /**
   * Requests per second each account may make (bursts of twice that) unless the account has
   * its own setting (`npm run keys -- rate-limit`); RATE_LIMIT_PER_SECOND in the functions.
   */
  readonly rateLimitPerSecond: number;
  /**
   * Capacity kept apart per worker (reserved concurrency, and the SQS event source's
   * maxConcurrency at the same value) and for the sweeper: an API flood cannot take the
   * workers' concurrency, and a hung rail cannot take more than its worker's share.
   */
  readonly capacity: {
    readonly workers: Readonly<Record<QueueName, number>>;
    readonly sweeper: number;
    /**
     * Each route served at its own function URL (the PSP's notifications): its reserved
     * concurrency, which is its throttle, as a public route's throttle is on the HTTP API.
     */
    readonly functionUrls: number;
  };
  /**
   * The SES identity payer e-mails are sent as (`-c emailDomain=…`, verified beforehand: README);
   * absent: the stage sends no e-mail (each is recorded SKIPPED).
   */
  readonly emailDomain?: string;
  /**
   * The PSP behind the API Pix rail (BRL PIX); absent: PIX runs on the sandbox rail where the
   * stage has sandbox rails, and is refused elsewhere. The client secret, certificate and key
   * are in a Secrets Manager secret the operator created and filled beforehand (JSON:
   * clientSecret, cert, key, ca): the stack never creates an empty one that purchases would use.
   */
  readonly pixApi?: {
    readonly baseUrl: string;
    readonly chave: string;
    readonly clientId: string;
    /** Complete ARN (with its six-character suffix) of the filled secret, in the stack's region. */
    readonly secretArn: string;
    readonly merchantName?: string;
    readonly merchantCity?: string;
    /** The account Pix Automático cycle charges (`/cobr`) credit; absent: no Pix Automático. */
    readonly receiverAccount?: {
      readonly agencia?: string;
      readonly conta: string;
      readonly tipoConta: string;
    };
  };
  /**
   * Custom API domain: PUBLIC_BASE_URL uses it, its alias record is created in the Route 53
   * hosted zone, and the execute-api endpoint is turned off (payer links never embed an API id).
   */
  readonly domain?: StageDomain;
  /** Refuse to synthesize without an alarm destination and a custom domain (production). */
  readonly requireOperable: boolean;
}

export interface StageDomain {
  readonly name: string;
  readonly certificateArn: string;
  /** Route 53 hosted zone that holds `name`. */
  readonly hostedZoneId: string;
  /** The zone's domain; defaults to `name` without its first label. */
  readonly hostedZoneName: string;
}

type Defaults = Omit<StageConfig, 'name'>;

const devLike: Defaults = {
  sandboxRails: true,
  allowInsecurePostback: false,
  retainData: false,
  deletionProtection: false,
  logRetentionDays: 7,
  logLevel: 'debug',
  throttle: { rateLimit: 50, burstLimit: 100 },
  publicRouteThrottle: { rateLimit: 10, burstLimit: 20 },
  apiErrorRatePercent: 5,
  functionErrorAlarms: 'account-wide',
  // Stripe's test-mode figure: sandbox stages are test mode.
  rateLimitPerSecond: 25,
  // Small, so a fresh account (whose unreserved concurrency must stay at least 100) can deploy.
  capacity: {
    workers: {
      'fill-instruction': 5,
      'watch-payment': 5,
      'deliver-event': 5,
      'settle-refund': 2,
      'send-email': 2,
    },
    sweeper: 1,
    functionUrls: 2,
  },
  requireOperable: false,
};

export const stages: Readonly<Record<string, Defaults>> = {
  dev: devLike,
  staging: {
    ...devLike,
    functionErrorAlarms: 'per-function',
    logRetentionDays: 30,
    logLevel: 'info',
    throttle: { rateLimit: 100, burstLimit: 200 },
    publicRouteThrottle: { rateLimit: 20, burstLimit: 40 },
    capacity: {
      workers: {
        'fill-instruction': 10,
        'watch-payment': 10,
        'deliver-event': 20,
        'settle-refund': 5,
        'send-email': 5,
      },
      sweeper: 1,
      functionUrls: 5,
    },
  },
  prod: {
    sandboxRails: false,
    allowInsecurePostback: false,
    retainData: true,
    deletionProtection: true,
    logRetentionDays: 365,
    logLevel: 'info',
    throttle: { rateLimit: 500, burstLimit: 1000 },
    publicRouteThrottle: { rateLimit: 100, burstLimit: 200 },
    apiErrorRatePercent: 1,
    functionErrorAlarms: 'per-function',
    // Stripe's live-mode figure.
    rateLimitPerSecond: 100,
    capacity: {
      workers: {
        'fill-instruction': 50,
        'watch-payment': 50,
        'deliver-event': 100,
        'settle-refund': 10,
        'send-email': 20,
      },
      sweeper: 1,
      functionUrls: 20,
    },
    requireOperable: true,
  },
};

/** Context keys that may override a stage's values at deploy time (values that must not be committed). */
export interface StageOverrides {
  readonly alarmEmail?: string;
  readonly alarmTopicArn?: string;
  /** `true` to let the stack replace the imported alarm topic's policy. */
  readonly manageAlarmTopicPolicy?: string;
  readonly domainName?: string;
  readonly certificateArn?: string;
  readonly hostedZoneId?: string;
  readonly hostedZoneName?: string;
  /** Comma-separated list. */
  readonly corsAllowOrigins?: string;
  /** API Pix: the PSP's base URL (https), the receiving Pix key, the OAuth client id and the filled secret's ARN; all four or none. */
  readonly pixApiBaseUrl?: string;
  readonly pixApiChave?: string;
  readonly pixApiClientId?: string;
  readonly pixApiSecretArn?: string;
  readonly pixApiMerchantName?: string;
  readonly pixApiMerchantCity?: string;
  /** Pix Automático: the receiving account's agency, number and type (CORRENTE, POUPANCA, PAGAMENTO). */
  readonly pixApiReceiverAgencia?: string;
  readonly pixApiReceiverConta?: string;
  readonly pixApiReceiverTipoConta?: string;
  readonly emailDomain?: string;
}

const stageNamePattern = /^[a-z][a-z0-9-]{0,19}$/;
/** A complete secret ARN: a partial one (no suffix) would also match a later secret of that name. */
const secretArnPattern =
  /^arn:aws[a-z-]*:secretsmanager:[a-z0-9-]+:\d{12}:secret:[\w/+=.@-]+-[A-Za-z0-9]{6}$/;

/**
 * The config of a named stage. Names not listed above (per-developer stacks such as
 * `dev-ana`) get the dev defaults under their own name; names that look like production but
 * are not `prod` fail, so a typo can never deploy a production-looking stack with sandbox rails.
 */
export function resolveStage(name: unknown, overrides: StageOverrides = {}): StageConfig {
  if (typeof name !== 'string' || name === '') {
    throw new Error(
      'stage: pass the stage name with -c stage=<name> (dev, staging, prod or a lowercase name for a dev-like stack)',
    );
  }
  if (!stageNamePattern.test(name)) {
    throw new Error(
      `stage: "${name}" is not a valid stage name (lowercase letters, digits and hyphens, starting with a letter, at most 20 characters)`,
    );
  }
  const known = stages[name];
  if (!known && /prod/.test(name)) {
    throw new Error(`stage: "${name}" is not a known stage; production is deployed only as "prod"`);
  }
  const base = known ?? devLike;

  const domain = domainFrom(overrides);
  if (base.requireOperable && !domain) {
    throw new Error(
      `stage: ${name} needs a custom domain (-c domainName=<host> -c certificateArn=<ARN> -c hostedZoneId=<Route 53 zone id>): payer links must not embed an execute-api id that a replaced API changes`,
    );
  }
  if (base.requireOperable && overrides.alarmEmail === undefined && overrides.alarmTopicArn === undefined) {
    throw new Error(
      `stage: ${name} needs somewhere to send alarms: -c alarmEmail=<address> or -c alarmTopicArn=<SNS topic ARN>`,
    );
  }
  if (overrides.manageAlarmTopicPolicy !== undefined && overrides.alarmTopicArn === undefined) {
    throw new Error('stage: manageAlarmTopicPolicy applies only with -c alarmTopicArn=<SNS topic ARN>');
  }
  if (overrides.alarmEmail !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(overrides.alarmEmail)) {
    throw new Error(`stage: alarmEmail "${overrides.alarmEmail}" is not an e-mail address`);
  }
  const corsAllowOrigins = overrides.corsAllowOrigins
    ?.split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  for (const origin of corsAllowOrigins ?? []) {
    if (!/^https:\/\/[^/]+$/.test(origin))
      throw new Error(`stage: CORS origin "${origin}" must be an https origin without a path`);
  }

  const pixApiParts = [overrides.pixApiBaseUrl, overrides.pixApiChave, overrides.pixApiClientId];
  if (pixApiParts.some((part) => part !== undefined) && pixApiParts.some((part) => part === undefined))
    throw new Error(
      'stage: API Pix needs -c pixApiBaseUrl=<https URL> -c pixApiChave=<key> -c pixApiClientId=<id>',
    );
  if (overrides.pixApiBaseUrl !== undefined && !/^https:\/\/[^\s]+$/.test(overrides.pixApiBaseUrl))
    throw new Error(`stage: pixApiBaseUrl "${overrides.pixApiBaseUrl}" must be an https URL`);
  // Purchases go to the PSP as soon as the rail is configured: its credentials must already be there.
  if (overrides.pixApiBaseUrl !== undefined && overrides.pixApiSecretArn === undefined)
    throw new Error(
      "stage: API Pix needs -c pixApiSecretArn=<ARN of a Secrets Manager secret already holding the PSP's JSON {clientSecret, cert, key, ca}> (docs/operations.md, Secrets: API Pix)",
    );
  if (overrides.pixApiSecretArn !== undefined && overrides.pixApiBaseUrl === undefined)
    throw new Error(
      'stage: pixApiSecretArn applies only with -c pixApiBaseUrl, pixApiChave and pixApiClientId',
    );
  if (
    (overrides.pixApiReceiverAgencia !== undefined || overrides.pixApiReceiverTipoConta !== undefined) &&
    overrides.pixApiReceiverConta === undefined
  )
    throw new Error(
      'stage: pixApiReceiverAgencia and pixApiReceiverTipoConta apply only with -c pixApiReceiverConta',
    );
  if (overrides.pixApiReceiverConta !== undefined && overrides.pixApiBaseUrl === undefined)
    throw new Error(
      'stage: pixApiReceiverConta applies only with -c pixApiBaseUrl, pixApiChave and pixApiClientId',
    );
  if (
    overrides.pixApiReceiverTipoConta !== undefined &&
    !['CORRENTE', 'POUPANCA', 'PAGAMENTO'].includes(overrides.pixApiReceiverTipoConta)
  )
    throw new Error(
      `stage: pixApiReceiverTipoConta "${overrides.pixApiReceiverTipoConta}" must be CORRENTE, POUPANCA or PAGAMENTO`,
    );
  if (
    overrides.emailDomain !== undefined &&
    !/^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/i.test(overrides.emailDomain)
  )
    throw new Error(
      `stage: emailDomain "${overrides.emailDomain}" is not a domain name (e.g. mail.example.com)`,
    );
  if (overrides.pixApiSecretArn !== undefined && !secretArnPattern.test(overrides.pixApiSecretArn))
    throw new Error(
      `stage: pixApiSecretArn "${overrides.pixApiSecretArn}" is not a complete Secrets Manager secret ARN (arn:aws:secretsmanager:<region>:<account>:secret:<name>-<6 characters>)`,
    );

  return {
    ...base,
    name,
    ...(overrides.pixApiBaseUrl !== undefined &&
    overrides.pixApiChave !== undefined &&
    overrides.pixApiClientId !== undefined
      ? {
          pixApi: {
            baseUrl: overrides.pixApiBaseUrl,
            chave: overrides.pixApiChave,
            clientId: overrides.pixApiClientId,
            secretArn: overrides.pixApiSecretArn as string,
            ...(overrides.pixApiMerchantName ? { merchantName: overrides.pixApiMerchantName } : {}),
            ...(overrides.pixApiMerchantCity ? { merchantCity: overrides.pixApiMerchantCity } : {}),
            ...(overrides.pixApiReceiverConta
              ? {
                  receiverAccount: {
                    ...(overrides.pixApiReceiverAgencia ? { agencia: overrides.pixApiReceiverAgencia } : {}),
                    conta: overrides.pixApiReceiverConta,
                    tipoConta: overrides.pixApiReceiverTipoConta ?? 'CORRENTE',
                  },
                }
              : {}),
          },
        }
      : {}),
    ...(overrides.emailDomain !== undefined ? { emailDomain: overrides.emailDomain } : {}),
    ...(overrides.alarmEmail !== undefined ? { alarmEmail: overrides.alarmEmail } : {}),
    ...(overrides.alarmTopicArn !== undefined ? { alarmTopicArn: overrides.alarmTopicArn } : {}),
    ...(overrides.manageAlarmTopicPolicy === 'true' ? { manageAlarmTopicPolicy: true } : {}),
    ...(corsAllowOrigins && corsAllowOrigins.length > 0 ? { corsAllowOrigins } : {}),
    ...(domain ? { domain } : {}),
  };
}

function domainFrom(overrides: StageOverrides): StageDomain | undefined {
  const { domainName, certificateArn, hostedZoneId } = overrides;
  const given = [domainName, certificateArn, hostedZoneId].filter((value) => value !== undefined);
  if (given.length === 0) return undefined;
  if (domainName === undefined || certificateArn === undefined || hostedZoneId === undefined) {
    throw new Error(
      'stage: a custom domain needs -c domainName=<host>, -c certificateArn=<ACM certificate ARN in the stack region> and -c hostedZoneId=<Route 53 hosted zone id>',
    );
  }
  const hostedZoneName = overrides.hostedZoneName ?? domainName.split('.').slice(1).join('.');
  if (domainName !== hostedZoneName && !domainName.endsWith(`.${hostedZoneName}`)) {
    throw new Error(`stage: domainName "${domainName}" is not inside hosted zone "${hostedZoneName}"`);
  }
  return { name: domainName, certificateArn, hostedZoneId, hostedZoneName };
}
