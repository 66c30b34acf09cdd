// `npm run keys -- <command>`: issue and revoke API keys, set an account's webhook URL and the
// opt-in event types it receives, rotate its signing secret and end a rotation's overlap. Talks
// to the running local stack by default; with TABLE_NAME set (and AWS credentials) it talks to
// that stage's table instead.
import { parseArgs } from 'node:util';
import { listAccountApiKeys, revokeAccountApiKeyById } from '../../shared/accounts/api-keys.ts';
import { issueApiKey } from '../../shared/accounts/issue-api-key.ts';
import {
  expirePreviousWebhookSecrets,
  rotateWebhookSecret,
  setWebhookSettings,
} from '../../shared/accounts/manage-webhook.ts';
import { hashSecretKey } from '../../shared/auth/credentials.ts';
import {
  isOptInEventType,
  type OptInEventType,
  optInEventTypeNames,
} from '../../shared/events/event-types.ts';
import { isPermission, type Permission, permissions } from '../../shared/permissions.ts';
import { revokeApiKey, setAccountRateLimit } from '../../shared/store/api-keys.ts';
import { connectToTable } from './connect.ts';

const usage = `Usage:
  npm run keys -- create --permissions <${permissions.join(',')}> [--account acc_…] [--name <label>] [--postback-url <url>] [--live]
  npm run keys -- list --account acc_…
  npm run keys -- revoke <secret key>
  npm run keys -- revoke --account acc_… --id key_…
  npm run keys -- webhook --account acc_… [--url <url>|--clear-url] [--opt-in-events <${optInEventTypeNames.join(',')}>|none]
                          [--rotate-secret] [--expire-previous-secrets]
  npm run keys -- rate-limit --account acc_… (--per-second <n>|--stage-default)

Targets the running local stack (npm start); for a stage set TABLE_NAME and WEBHOOK_SECRETS_KEY_ID
(the stack's TableName and SecretsKeyArn outputs) and AWS credentials.`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${usage}\n`);
  process.exit(2);
}

function connect(): void {
  connectToTable(fail);
}

function parsePermissions(list: string | undefined): Permission[] {
  if (!list) fail('--permissions is required');
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !isPermission(name));
  if (unknown.length || !names.length)
    fail(`unknown permission(s): ${unknown.join(', ') || '(none given)'}; known: ${permissions.join(', ')}`);
  return names as Permission[];
}

/** `none` (or nothing) receives no opt-in type. */
function parseOptInEvents(list: string): OptInEventType[] {
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name && name !== 'none');
  const unknown = names.filter((name) => !isOptInEventType(name));
  if (unknown.length)
    fail(`not opt-in event type(s): ${unknown.join(', ')}; opt-in types: ${optInEventTypeNames.join(', ')}`);
  return names as OptInEventType[];
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      permissions: { type: 'string' },
      account: { type: 'string' },
      'postback-url': { type: 'string' },
      live: { type: 'boolean', default: false },
      url: { type: 'string' },
      'clear-url': { type: 'boolean', default: false },
      'opt-in-events': { type: 'string' },
      'rotate-secret': { type: 'boolean', default: false },
      'expire-previous-secrets': { type: 'boolean', default: false },
      key: { type: 'string' },
      id: { type: 'string' },
      name: { type: 'string' },
      'per-second': { type: 'string' },
      'stage-default': { type: 'boolean', default: false },
    },
  });

  if (command === 'create') {
    const grant = parsePermissions(values.permissions);
    connect();
    const issued = await issueApiKey({
      permissions: grant,
      ...(values.account ? { accountId: values.account } : {}),
      ...(values.name ? { name: values.name } : {}),
      ...(values['postback-url'] ? { postbackUrl: values['postback-url'] } : {}),
      mode: values.live ? 'live' : 'test',
    }).catch((error: Error) => {
      if (error.name === 'TransactionCanceledException') fail(`account ${values.account} does not exist`);
      throw error;
    });
    process.stdout.write(
      `account: ${issued.accountId}\nuser: ${issued.userId}\nkey id: ${issued.keyId}\npermissions: ${grant.join(',')}\n`,
    );
    if (issued.webhookSecret) process.stdout.write(`webhook secret: ${issued.webhookSecret}\n`);
    process.stdout.write(`${issued.secretKey}\n`);
    return;
  }

  if (command === 'list') {
    if (!values.account) fail('list needs --account');
    connect();
    for (const key of (await listAccountApiKeys(values.account)).data) {
      process.stdout.write(
        `${key.id}\t${key.name ?? '(no name)'}\t${key.permissions.join(',')}\tcreated ${key.createdAt}\tlast used ${key.lastUsedOn ?? 'never'}${key.revokedAt ? `\trevoked ${key.revokedAt}` : ''}\n`,
      );
    }
    return;
  }

  if (command === 'revoke' && values.id) {
    if (!values.account) fail('revoke --id needs --account');
    connect();
    const revoked = await revokeAccountApiKeyById(values.account, values.id).catch(() => fail('no such key'));
    process.stdout.write(`revoked ${revoked.id}\n`);
    return;
  }

  if (command === 'revoke') {
    const secretKey = values.key ?? positionals[0];
    if (!secretKey) fail('revoke needs the secret key');
    connect();
    const revoked = await revokeApiKey(hashSecretKey(secretKey), new Date().toISOString());
    if (!revoked) fail('no such key');
    process.stdout.write('revoked\n');
    return;
  }

  if (command === 'webhook') {
    if (!values.account) fail('webhook needs --account');
    const optIn = values['opt-in-events'];
    const setsUrl = Boolean(values.url || values['clear-url']);
    if (!setsUrl && optIn === undefined && !values['rotate-secret'] && !values['expire-previous-secrets'])
      fail('webhook needs --url, --clear-url, --opt-in-events, --rotate-secret or --expire-previous-secrets');
    const optInEventTypes = optIn === undefined ? undefined : parseOptInEvents(optIn);
    connect();
    if (setsUrl || optInEventTypes) {
      const account = await setWebhookSettings(values.account, {
        ...(setsUrl ? { url: values['clear-url'] ? null : values.url! } : {}),
        ...(optInEventTypes ? { optInEventTypes } : {}),
      });
      process.stdout.write(
        `account: ${account.accountId}\nwebhook url: ${account.webhookUrl ?? '(none)'}\nopt-in event types: ${account.optInEventTypes?.join(', ') || '(none)'}\n`,
      );
    }
    if (values['rotate-secret']) {
      const rotated = await rotateWebhookSecret(values.account);
      process.stdout.write(
        `previous secrets keep signing until: ${rotated.previousValidUntil ?? '(no previous secret)'}\n${rotated.secret}\n`,
      );
    }
    if (values['expire-previous-secrets']) {
      const account = await expirePreviousWebhookSecrets(values.account);
      process.stdout.write(`signing secrets in force: ${account.webhookSecrets.length}\n`);
    }
    return;
  }

  if (command === 'rate-limit') {
    if (!values.account) fail('rate-limit needs --account');
    const perSecond = values['stage-default'] ? null : Number(values['per-second']);
    if (perSecond !== null && !(Number.isInteger(perSecond) && perSecond > 0))
      fail('rate-limit needs --per-second <a positive integer> or --stage-default');
    connect();
    if (!(await setAccountRateLimit(values.account, perSecond, new Date().toISOString())))
      fail(`account ${values.account} does not exist`);
    process.stdout.write(
      `account: ${values.account}\nrate limit: ${perSecond === null ? 'stage default' : `${perSecond} requests per second, bursts of ${2 * perSecond}`}\n`,
    );
    return;
  }

  fail(command ? `unknown command: ${command}` : 'missing command');
}

main(process.argv.slice(2)).catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
