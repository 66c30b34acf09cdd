// The API Pix rail's AWS side: the secret the operator created and filled before deploying
// (client secret, mTLS certificate and key, the PSP's CA), and the settings the rail's functions
// get as environment. Only functions whose table row carries the `rails:live` grant can read it.
// The stack never creates this secret: an empty one would send Pix purchases to a placeholder.
import { Arn, ArnFormat, Stack, Token } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { StageConfig } from '../stages.ts';

export function pixApiTarget(scope: Construct, pixApi: NonNullable<StageConfig['pixApi']>) {
  const { region } = Stack.of(scope);
  const secretRegion = Arn.split(pixApi.secretArn, ArnFormat.COLON_RESOURCE_NAME).region;
  if (!Token.isUnresolved(region) && secretRegion !== region)
    throw new Error(
      `stage: pixApiSecretArn is in ${secretRegion}, but the stack deploys to ${region}: the rail's functions read the secret in their own region; create it there (docs/operations.md, Secrets: API Pix)`,
    );
  const secret = Secret.fromSecretCompleteArn(scope, 'PixApiSecret', pixApi.secretArn);
  return {
    secret,
    environment: {
      PIX_API_BASE_URL: pixApi.baseUrl,
      PIX_API_CHAVE: pixApi.chave,
      PIX_API_CLIENT_ID: pixApi.clientId,
      PIX_API_SECRET_ID: secret.secretArn,
      ...(pixApi.merchantName ? { PIX_API_MERCHANT_NAME: pixApi.merchantName } : {}),
      ...(pixApi.merchantCity ? { PIX_API_MERCHANT_CITY: pixApi.merchantCity } : {}),
      ...(pixApi.receiverAccount
        ? {
            PIX_API_RECEIVER_CONTA: pixApi.receiverAccount.conta,
            PIX_API_RECEIVER_TIPO_CONTA: pixApi.receiverAccount.tipoConta,
            ...(pixApi.receiverAccount.agencia
              ? { PIX_API_RECEIVER_AGENCIA: pixApi.receiverAccount.agencia }
              : {}),
          }
        : {}),
    },
  };
}
