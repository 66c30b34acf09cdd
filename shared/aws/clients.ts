// SDK clients live at module scope so a warm Lambda reuses their connections. Local emulator
// endpoints come from the environment; in AWS the SDK's defaults apply.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { awsConfig, onConfigurationReset } from '../config.ts';

/**
 * Without a request timeout a hung connection waits for the Lambda's own timeout, turning e.g.
 * a committed purchase whose SQS send hangs into a 5xx. Each attempt gets a bound; the SDK
 * retries timeouts like other transient failures, and the whole stays under the HTTP functions'
 * 10 s (SQS: 3 attempts of at most 2 s; the purchase answers 201 and the sweeper sends later).
 */
// (`throwOnRequestTimeout`: without it the handler only logs a warning and keeps waiting.)
const timeouts = {
  dynamodb: { connectionTimeout: 1000, requestTimeout: 5000, throwOnRequestTimeout: true },
  sqs: { connectionTimeout: 1000, requestTimeout: 2000, throwOnRequestTimeout: true },
  // The rate limiter's writes: as bounded as any other DynamoDB call, but never retried.
  rateLimit: { connectionTimeout: 1000, requestTimeout: 5000, throwOnRequestTimeout: true },
} as const;

let documentClient: DynamoDBDocumentClient | undefined;
let rateLimitClient: DynamoDBDocumentClient | undefined;
let sqsClient: SQSClient | undefined;
onConfigurationReset(() => {
  documentClient = undefined;
  rateLimitClient = undefined;
  sqsClient = undefined;
});

export function dynamo(): DynamoDBDocumentClient {
  if (!documentClient) {
    const { region, dynamoEndpoint } = awsConfig();
    const client = new DynamoDBClient({
      region,
      ...(dynamoEndpoint ? { endpoint: dynamoEndpoint } : {}),
      maxAttempts: 4,
      requestHandler: timeouts.dynamodb,
    });
    documentClient = DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true },
    });
  }
  return documentClient;
}

/**
 * The rate limiter's own client: one attempt per write. The limiter backs off by itself after a
 * throttled or lost write (limits/write-pacing.ts); the SDK's retries would add writes to the
 * one hot item a flood is aimed at.
 */
export function rateLimitDynamo(): DynamoDBDocumentClient {
  if (!rateLimitClient) {
    const { region, dynamoEndpoint } = awsConfig();
    const client = new DynamoDBClient({
      region,
      ...(dynamoEndpoint ? { endpoint: dynamoEndpoint } : {}),
      maxAttempts: 1,
      requestHandler: timeouts.rateLimit,
    });
    rateLimitClient = DynamoDBDocumentClient.from(client);
  }
  return rateLimitClient;
}

export function sqs(): SQSClient {
  if (!sqsClient) {
    const { region, sqsEndpoint } = awsConfig();
    sqsClient = new SQSClient({
      region,
      ...(sqsEndpoint ? { endpoint: sqsEndpoint } : {}),
      maxAttempts: 3,
      requestHandler: timeouts.sqs,
    });
  }
  return sqsClient;
}
