// The image CDN (CloudFront). Only the function that invalidates deleted images uses it.
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { awsConfig } from '../config.ts';

let client: CloudFrontClient | undefined;

function cloudFront(): CloudFrontClient {
  client ??= new CloudFrontClient({
    region: awsConfig().region,
    maxAttempts: 4,
    requestHandler: { connectionTimeout: 1000, requestTimeout: 5000, throwOnRequestTimeout: true },
  });
  return client;
}

/** Asks the CDN to drop `paths` from every edge; `reference` makes a retried request a no-op. */
export async function invalidateCdnPaths(
  distributionId: string,
  paths: string[],
  reference: string,
): Promise<void> {
  await cloudFront().send(
    new CreateInvalidationCommand({
      DistributionId: distributionId,
      InvalidationBatch: { CallerReference: reference, Paths: { Quantity: paths.length, Items: paths } },
    }),
  );
}
