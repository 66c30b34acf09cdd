// The tests' own S3 client, to look into the local stack's bucket (the service writes objects
// through shared/aws/s3-objects.ts, not through this client).
import { S3Client } from '@aws-sdk/client-s3';
import { awsConfig } from '../../shared/config.ts';

let client: S3Client | undefined;

export function testS3(): S3Client {
  const { region, s3Endpoint } = awsConfig();
  client ??= new S3Client({ region, ...(s3Endpoint ? { endpoint: s3Endpoint, forcePathStyle: true } : {}) });
  return client;
}
