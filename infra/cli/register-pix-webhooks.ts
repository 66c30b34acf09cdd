// `npm run pix:webhooks -- <public base URL>`: tells the stage's PSP (PIX_API_* in the
// environment; the secret by PIX_API_SECRET_ID) where to notify received Pix, recurrences and
// cycle charges. Idempotent: a URL already registered is left as it is.
import { registerStageWebhooks } from '../../shared/rails/api-pix/register-stage-webhooks.ts';

const publicBaseUrl = process.argv[2] ?? process.env.PUBLIC_BASE_URL;
if (!publicBaseUrl || !/^https?:\/\//.test(publicBaseUrl)) {
  process.stderr.write('Usage: npm run pix:webhooks -- <public base URL, e.g. https://api.example.com>\n');
  process.exit(2);
}
const result = await registerStageWebhooks(publicBaseUrl);
if (!result) {
  process.stderr.write('PIX_API_BASE_URL is not set: this stage has no PSP to register with\n');
  process.exit(2);
}
for (const { path, changed } of result.registrations)
  process.stdout.write(`${path}: ${changed ? 'registered' : 'already registered'} ${result.webhookUrl}\n`);
