// The rail's secrets: from Secrets Manager in AWS (a JSON secret with clientSecret, cert, key
// and optionally ca; only the functions that use the rail may read it), else from the
// environment (local runs and tests).
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { awsConfig } from '../../config.ts';
import { type ApiPixConfig, type ApiPixSecrets, secretsFromEnvironment } from './api-pix-config.ts';

export async function loadApiPixSecrets(config: ApiPixConfig): Promise<ApiPixSecrets> {
  if (!config.secretId) return secretsFromEnvironment();
  const client = new SecretsManagerClient({ region: awsConfig().region });
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: config.secretId }));
  const secret = JSON.parse(SecretString ?? '{}') as Partial<ApiPixSecrets>;
  if (!secret.clientSecret || !secret.cert || !secret.key)
    throw new Error('the API Pix secret must hold clientSecret, cert and key');
  return { clientSecret: secret.clientSecret, cert: secret.cert, key: secret.key, ca: secret.ca ?? null };
}
