// The API Pix rail's AWS side: one secret (client secret, mTLS certificate and key, the PSP's
// CA) that operators fill, and the settings the rail's functions get as environment. Only
// functions whose table row carries the `rails:live` grant can read the secret.
import { type RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { StageConfig } from '../stages.ts';

export function pixApiTarget(
  scope: Construct,
  pixApi: NonNullable<StageConfig['pixApi']>,
  removalPolicy: RemovalPolicy,
) {
  const secret = new Secret(scope, 'PixApiSecret', {
    description:
      'API Pix: JSON {clientSecret, cert, key, ca} issued by the PSP (mTLS and OAuth client credentials)',
    removalPolicy,
  });
  Validations.of(secret).acknowledge({
    id: 'AwsSolutions-SMG4',
    reason:
      'The PSP issues the client secret and the mTLS certificate; they are rotated through its portal when it renews them, not by a Lambda rotation schedule.',
  });
  return {
    secret,
    environment: {
      PIX_API_BASE_URL: pixApi.baseUrl,
      PIX_API_CHAVE: pixApi.chave,
      PIX_API_CLIENT_ID: pixApi.clientId,
      PIX_API_SECRET_ID: secret.secretArn,
      ...(pixApi.merchantName ? { PIX_API_MERCHANT_NAME: pixApi.merchantName } : {}),
      ...(pixApi.merchantCity ? { PIX_API_MERCHANT_CITY: pixApi.merchantCity } : {}),
    },
  };
}
