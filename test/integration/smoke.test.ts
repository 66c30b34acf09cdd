// `npm run smoke` against the local stack, as an operator runs it against a deployed stage: the
// real CLI in its own process, every purchase variant, a sandbox pay and the webhook delivered
// to a receiver. It fails (exit 1, the failing step printed) when a step fails.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../infra/local/repo-root.ts';
import { methodsOf } from '../../shared/payment-methods.ts';
import { sharedStack } from '../support/api.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

function runSmoke(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'smoke', '--', ...args], { cwd: repoRoot });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver('/smoke-hooks');
});
afterAll(() => receiver?.close());

describe('npm run smoke', () => {
  it('passes against the local stack, through every purchase variant, a sandbox pay and the webhook', async () => {
    const { baseUrl, secretKey } = sharedStack();
    const run = await runSmoke([
      '--base-url',
      baseUrl,
      '--key',
      secretKey,
      '--receiver-url',
      receiver.url,
      '--wait-seconds',
      '30',
    ]);
    expect(run.stdout, run.stderr).toMatch(/smoke: \d+ passed, 0 failed, 0 skipped/);
    expect(run.code).toBe(0);
    const steps = run.stdout.split('\n');
    for (const step of [
      'ok    GET /health',
      'ok    POST /v2/products',
      'ok    GET /v2/products/:id',
      'ok    DELETE /v2/products/:id (clean up)',
      'ok    POST /transactions/v2/purchase (BRL BOLETO)',
      ...methodsOf('COP').map((row) => `ok    POST /transactions/v2/purchase (COP ${row.method})`),
      'ok    POST /transactions/v2/purchase (BOB QR)',
      'ok    GET /transactions/:id until qr is filled (BOB QR)',
      'ok    POST /sandbox/transactions/:id/pay',
      'ok    GET /transactions/:id until PAID',
      'ok    cashin.paid delivered to the receiver',
    ]) {
      expect(
        steps.some((line) => line.startsWith(step)),
        step,
      ).toBe(true);
    }
    const delivered = receiver.received.map((hook) => JSON.parse(hook.body));
    expect(delivered).toEqual([expect.objectContaining({ type: 'cashin.paid' })]);
    expect(delivered[0].data.externalId).toMatch(/^smoke-/);
  }, 120_000);

  it('exits 1 and names the failing step when the key is refused', async () => {
    const run = await runSmoke([
      '--base-url',
      sharedStack().baseUrl,
      '--key',
      'sk_test_not-a-real-key-000000000000000000',
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^ok {4}GET \/health/m);
    expect(run.stdout).toMatch(/^FAIL {2}GET \/v2\/account .*expected 200, got 401/m);
  }, 60_000);

  it('exits 2 with the usage on a usage error', async () => {
    const run = await runSmoke(['--key', 'sk_test_x']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--base-url: an absolute URL is required/);
    expect(run.stderr).toMatch(/Usage: npm run smoke/);
  }, 60_000);
});
