// Points a CLI at the running local stack (npm start), or at a stage's table when TABLE_NAME
// (and AWS credentials) are set.
import { localCredentials } from '../local/dynamodb-local.ts';
import { readState } from '../local/state-file.ts';

export function connectToTable(fail: (message: string) => never): void {
  if (process.env.TABLE_NAME) return;
  const state = readState();
  if (!state) fail('No running local stack found (start it with `npm start`), and TABLE_NAME is not set.');
  Object.assign(process.env, {
    TABLE_NAME: state.tableName,
    DYNAMODB_ENDPOINT: state.dynamoEndpoint,
    LOCAL_SECRETS_KEY: state.localSecretsKey,
    AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
    AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
  });
}
