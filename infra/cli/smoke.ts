// `npm run smoke -- --base-url <url> --key <secret> [--receiver-url <url>] [--wait-seconds 90]`:
// a short, safe subset of the black-box flows against any stage (see infra/cli/smoke/flows.ts).
// Prints one line per step; exits 1 when a step failed, 2 on a usage error.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { smokeClient } from './smoke/client.ts';
import { runSmoke } from './smoke/flows.ts';

const usage = `Usage: npm run smoke -- --base-url <https://api…> --key <sk_test_…> [--receiver-url <https://…>] [--wait-seconds 90]

  --base-url      the stage's API (the ApiUrl stack output, or http://localhost:3000)
  --key           a secret key with isInvoiceAvailable and createTransaction; purchases run only with a test key
  --receiver-url  where the paid purchase's cashin.paid webhook goes; the run waits until it is delivered (2xx)
  --wait-seconds  deadline for each asynchronous step (default 90)`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${usage}\n`);
  process.exit(2);
}

function parse(argv: string[]) {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        'base-url': { type: 'string' },
        key: { type: 'string' },
        'receiver-url': { type: 'string' },
        'wait-seconds': { type: 'string', default: '90' },
      },
      strict: true,
    });
    return values;
  } catch (error) {
    fail((error as Error).message);
  }
}

const values = parse(process.argv.slice(2));
const baseUrl = values['base-url'];
const key = values.key;
if (!baseUrl || !URL.canParse(baseUrl)) fail('--base-url: an absolute URL is required');
if (!key) fail('--key is required');
const receiverUrl = values['receiver-url'];
if (receiverUrl !== undefined && !URL.canParse(receiverUrl)) fail('--receiver-url: must be an absolute URL');
const waitSeconds = Number(values['wait-seconds']);
if (!Number.isFinite(waitSeconds) || waitSeconds <= 0) fail('--wait-seconds: must be a positive number');

process.stdout.write(`smoke: ${baseUrl}\n`);
const result = await runSmoke({
  client: smokeClient(baseUrl, key),
  secretKey: key,
  ...(receiverUrl !== undefined ? { receiverUrl } : {}),
  waitMs: waitSeconds * 1000,
  runId: `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`,
  print: (line) => process.stdout.write(`${line}\n`),
});
process.exit(result.failed > 0 ? 1 : 0);
