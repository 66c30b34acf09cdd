// `npm run pix:webhooks -- <outputs file>`: tells the stage's PSP (PIX_API_* in the environment;
// the secret by PIX_API_SECRET_ID) where to notify received Pix, recurrences and cycle charges:
// each kind at its function's URL, read from the outputs `cdk deploy --outputs-file` wrote.
// Idempotent: a URL already registered is left as it is.
import { readFileSync } from 'node:fs';
import { pspNotificationRoutes } from '../../shared/rails/api-pix/psp-webhook-registration.ts';
import { registerStageWebhooks } from '../../shared/rails/api-pix/register-stage-webhooks.ts';
import { functionUrlOutputName } from '../names.ts';

const usage =
  'Usage: npm run pix:webhooks -- <outputs file of `cdk deploy --outputs-file`, e.g. cdk-outputs.json> [stack name]\n';
const [outputsFile, stackName] = process.argv.slice(2);
if (!outputsFile) {
  process.stderr.write(usage);
  process.exit(2);
}
const stacks = JSON.parse(readFileSync(outputsFile, 'utf8')) as Record<string, Record<string, string>>;
const names = stackName ? [stackName] : Object.keys(stacks);
if (names.length !== 1 || !stacks[names[0]!]) {
  process.stderr.write(
    `${outputsFile} holds the outputs of ${Object.keys(stacks).join(', ') || 'no stack'}: name one\n${usage}`,
  );
  process.exit(2);
}
const outputs = stacks[names[0]!]!;
const functionUrls = Object.fromEntries(
  Object.values(pspNotificationRoutes).map((route) => [route, outputs[functionUrlOutputName(route)] ?? '']),
);
const registrations = await registerStageWebhooks(functionUrls);
if (!registrations) {
  process.stderr.write('PIX_API_BASE_URL is not set: this stage has no PSP to register with\n');
  process.exit(2);
}
for (const { path, webhookUrl, changed } of registrations)
  process.stdout.write(`${path}: ${changed ? 'registered' : 'already registered'} ${webhookUrl}\n`);
