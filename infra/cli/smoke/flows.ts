// The smoke run: a short, safe walk through the black-box flows of a deployed stage. Safe means
// it leaves nothing a merchant would trip over: its product is archived at the end, its
// purchases are made only with a test key (sk_test_…) and carry "smoke-" external ids, and
// only the sandbox can mark one paid.
import { describe, expectStatus, pollUntil, type Reply, type SmokeClient } from './client.ts';
import { type PurchaseVariant, purchaseVariants } from './purchases.ts';

export interface SmokeOptions {
  readonly client: SmokeClient;
  readonly secretKey: string;
  /** Webhook receiver for the paid purchase; its delivery is awaited when given. */
  readonly receiverUrl?: string;
  /** Deadline for each asynchronous step (instruction filled, payment seen, webhook delivered). */
  readonly waitMs: number;
  /** Makes this run's external ids unique. */
  readonly runId: string;
  readonly print: (line: string) => void;
}

export interface SmokeResult {
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
}

type Step = () => Promise<string>;

/** Runs one flow's steps in order, stopping the flow (not the run) at its first failure. */
class StepRunner {
  passed = 0;
  failed = 0;
  skipped = 0;
  private readonly print: (line: string) => void;
  constructor(print: (line: string) => void) {
    this.print = print;
  }

  async flow(steps: ReadonlyArray<readonly [string, Step]>): Promise<boolean> {
    for (const [name, step] of steps) {
      const started = Date.now();
      try {
        const detail = await step();
        this.passed += 1;
        this.print(`ok    ${name} (${Date.now() - started} ms)${detail ? `: ${detail}` : ''}`);
      } catch (error) {
        this.failed += 1;
        this.print(`FAIL  ${name} (${Date.now() - started} ms): ${(error as Error).message}`);
        return false;
      }
    }
    return true;
  }

  skip(name: string, reason: string): void {
    this.skipped += 1;
    this.print(`skip  ${name}: ${reason}`);
  }
}

export async function runSmoke(options: SmokeOptions): Promise<SmokeResult> {
  const { client, print } = options;
  const steps = new StepRunner(print);

  await steps.flow([
    [
      'GET /health',
      async () => {
        const reply = await client.call('GET', '/health', undefined, { auth: false });
        expectStatus(reply, 200, 'health');
        if (reply.body?.status !== 'ok') throw new Error(`health: ${describe(reply)}`);
        return JSON.stringify(reply.body.checks);
      },
    ],
    [
      'GET /v2/account',
      async () => {
        const reply = await client.call('GET', '/v2/account');
        expectStatus(reply, 200, 'account');
        return `${reply.body.accountId}, permissions ${reply.body.permissions.join(',')}`;
      },
    ],
  ]);

  await catalogFlow(options, steps);

  if (!options.secretKey.startsWith('sk_test_')) {
    steps.skip(
      'purchases',
      'a live key would create real charges; run the smoke with a test key (sk_test_…)',
    );
  } else {
    // All purchases first, then the reads: the rails fill the instructions meanwhile.
    const created: Array<{ variant: PurchaseVariant; id: string; externalId: string }> = [];
    for (const variant of purchaseVariants) {
      const externalId = `smoke-${options.runId}-${variant.label.toLowerCase().replace(' ', '-')}`;
      await steps.flow([
        [
          `POST /transactions/v2/purchase (${variant.label})`,
          async () => {
            const body = {
              ...variant.body(externalId),
              ...(options.receiverUrl ? { postbackUrl: options.receiverUrl } : {}),
            };
            const reply = await client.call('POST', '/transactions/v2/purchase', body);
            expectStatus(reply, 201, variant.label);
            if (reply.body.status !== 'PENDING') throw new Error(`status ${reply.body.status}, not PENDING`);
            created.push({ variant, id: reply.body.id, externalId });
            return `${reply.body.id} ${reply.body.currency} ${reply.body.method}`;
          },
        ],
      ]);
    }
    const filled: string[] = [];
    for (const { variant, id, externalId } of created) {
      const ok = await steps.flow([
        [
          `GET /transactions/:id until ${variant.instructionField} is filled (${variant.label})`,
          async () => {
            const reply = await pollUntil(
              () => client.call('GET', `/transactions/${id}`),
              (candidate) => candidate.status === 200 && candidate.body[variant.instructionField] != null,
              `${variant.instructionField} of ${id}`,
              options.waitMs,
            );
            return `expiresAt ${reply.body.expiresAt}`;
          },
        ],
        [
          `GET /transactions/:externalId?searchBy=externalId (${variant.label})`,
          async () => {
            const reply = await client.call('GET', `/transactions/${externalId}?searchBy=externalId`);
            expectStatus(reply, 200, 'search by externalId');
            if (reply.body.id !== id) throw new Error(`found ${reply.body.id}, not ${id}`);
            return '';
          },
        ],
      ]);
      if (ok) filled.push(id);
    }
    await paidFlow(options, steps, filled.at(-1));
  }

  print(`smoke: ${steps.passed} passed, ${steps.failed} failed, ${steps.skipped} skipped`);
  return { passed: steps.passed, failed: steps.failed, skipped: steps.skipped };
}

async function catalogFlow(options: SmokeOptions, steps: StepRunner): Promise<void> {
  const { client } = options;
  let productId = '';
  await steps.flow([
    [
      'POST /v2/products',
      async () => {
        const reply = await client.call('POST', '/v2/products', {
          name: `Smoke test ${options.runId}`,
          externalId: `smoke-${options.runId}`,
          metadata: { smoke: true },
        });
        expectStatus(reply, 201, 'create product');
        productId = reply.body.id;
        return productId;
      },
    ],
    [
      'GET /v2/products/:id',
      async () => {
        const reply = await client.call('GET', `/v2/products/${productId}`);
        expectStatus(reply, 200, 'read product');
        if (reply.body.id !== productId) throw new Error(`read ${reply.body.id}, not ${productId}`);
        return '';
      },
    ],
    [
      'POST /v2/offers',
      async () => {
        const reply = await client.call('POST', '/v2/offers', { productId, name: 'Smoke', amount: 1_000 });
        expectStatus(reply, 201, 'create offer');
        return reply.body.id;
      },
    ],
    [
      'GET /v2/products?limit=1',
      async () => {
        const reply = await client.call('GET', '/v2/products?limit=1');
        expectStatus(reply, 200, 'list products');
        if (!Array.isArray(reply.body.data)) throw new Error(`no data list: ${describe(reply)}`);
        return '';
      },
    ],
    [
      'DELETE /v2/products/:id (clean up)',
      async () => {
        const reply = await client.call('DELETE', `/v2/products/${productId}`);
        expectStatus(reply, 200, 'archive product');
        return `archived at ${reply.body.deletedAt}`;
      },
    ],
  ]);
}

async function paidFlow(options: SmokeOptions, steps: StepRunner, id: string | undefined): Promise<void> {
  const { client } = options;
  if (!id) {
    steps.skip('sandbox pay', 'no purchase got its instruction');
    return;
  }
  let sandbox = true;
  await steps.flow([
    [
      'POST /sandbox/transactions/:id/pay',
      async () => {
        const reply = await client.call('POST', `/sandbox/transactions/${id}/pay`);
        // Stages with real rails do not have the route at all: API Gateway's own 404.
        if (reply.status === 404 && reply.body?.message === 'Not Found') {
          sandbox = false;
          return 'not a sandbox stage, nothing to pay';
        }
        expectStatus(reply, 202, 'sandbox pay');
        return `${id} rail ${reply.body.railStatus}`;
      },
    ],
  ]);
  if (!sandbox) return;
  await steps.flow([
    [
      'GET /transactions/:id until PAID',
      async () => {
        const reply = await pollUntil(
          () => client.call('GET', `/transactions/${id}`),
          (candidate) => candidate.body?.status === 'PAID',
          `${id} PAID`,
          options.waitMs,
        );
        return `paidAt ${reply.body.paidAt}`;
      },
    ],
    ...(options.receiverUrl
      ? ([
          [
            'cashin.paid delivered to the receiver (GET /transactions/:id/events)',
            async () => {
              const reply = await pollUntil(
                () => client.call('GET', `/transactions/${id}/events`),
                (candidate) => paidEvent(candidate)?.deliveryStatus === 'DELIVERED',
                `cashin.paid of ${id} delivered to ${options.receiverUrl}`,
                options.waitMs,
              );
              const event = paidEvent(reply)!;
              return `${event.id} after ${event.attempts.length} attempt(s)`;
            },
          ],
        ] as const)
      : []),
  ]);
  if (!options.receiverUrl) steps.skip('webhook', 'no --receiver-url given');
}

function paidEvent(reply: Reply): { id: string; deliveryStatus: string; attempts: unknown[] } | undefined {
  return (reply.body?.data ?? []).find((event: { type: string }) => event.type === 'cashin.paid');
}
