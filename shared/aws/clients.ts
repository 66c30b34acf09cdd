// SDK clients live at module scope so a warm Lambda reuses their connections. Local emulator
// endpoints come from the environment; in AWS the SDK's defaults apply.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { awsConfig } from '../config.ts';

let documentClient: DynamoDBDocumentClient | undefined;
let sqsClient: SQSClient | undefined;
let s3Client: S3Client | undefined;

export function dynamo(): DynamoDBDocumentClient {
  if (!documentClient) {
    const { region, dynamoEndpoint } = awsConfig();
    const client = new DynamoDBClient({
      region,
      ...(dynamoEndpoint ? { endpoint: dynamoEndpoint } : {}),
      maxAttempts: 4,
    });
    documentClient = DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true },
    });
  }
  return documentClient;
}

export function sqs(): SQSClient {
  if (!sqsClient) {
    const { region, sqsEndpoint } = awsConfig();
    sqsClient = new SQSClient({ region, ...(sqsEndpoint ? { endpoint: sqsEndpoint } : {}), maxAttempts: 3 });
  }
  return sqsClient;
}

export function s3(): S3Client {
  if (!s3Client) {
    const { region, s3Endpoint } = awsConfig();
    s3Client = new S3Client({
      region,
      ...(s3Endpoint ? { endpoint: s3Endpoint, forcePathStyle: true } : {}),
    });
  }
  return s3Client;
}
