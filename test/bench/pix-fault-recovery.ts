// The Pix instruction after one PSP fault: a stack on the API Pix rail (the fake PSP on
// 127.0.0.1, mutual TLS) with the production visibility timeout of its queues, where the first
// PUT /cob of every charge fails, once, one way: no fault (the baseline), a 503, or the charge
// created and its answer lost. Measures purchase sent → GET shows the QR, and counts the PUTs
// each charge took. Run by bench.ts in a child process after the main stack has stopped (the
// stack takes over this process's environment); alone: `node test/bench/pix-fault-recovery.ts
// [transactions] [inFlight]` prints the rows as JSON on stdout.
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';
import { issueApiKey } from '../../shared/accounts/issue-api-key.ts';
import { basicAuthorization } from '../../shared/auth/credentials.ts';
import { queues } from '../../shared/queues.ts';
import { txidFor } from '../../shared/rails/api-pix/txid.ts';
import { apiPixEnvFor, type CreateFault, type FakePsp, startFakePsp } from '../support/fake-psp/fake-psp.ts';
import { pixBody } from '../support/purchase-fixtures.ts';
import { type LatencySummary, pause, summarize } from './stats.ts';

export type PixFault = 'none' | CreateFault;

export interface PixFaultRow {
  fault: PixFault;
  /** Purchase sent → a GET shows the QR. */
  instruction: LatencySummary;
  /** Charges whose QR did not show within the wait (`waitMs`). */
  notShown: number;
  /** PUT /cob requests per charge (mean): 1 without a fault, 2 when one retry fixed it. */
  putsPerCharge: number;
  /** Charges the PSP holds per transaction (1: none was created twice). */
  chargesPerTransaction: number;
}

export interface PixFaultRecovery {
  transactions: number;
  inFlight: number;
  /** The instruction queue's visibility timeout: when SQS would deliver a failed job again. */
  visibilityTimeoutSeconds: number;
  pixApiTimeoutMs: number;
  waitMs: number;
  rows: PixFaultRow[];
}

const faults: readonly PixFault[] = ['none', '503', 'answer-lost'];

/** Target: after one 5xx on PUT /cob, the QR shows within 10 s for 99 % of purchases. */
export const pixAfterFaultTargetMs = 10_000;

export function pixAfterFaultVerdict(result: PixFaultRecovery): string {
  const row = result.rows.find((candidate) => candidate.fault === '503');
  if (!row) return 'not measured';
  const p99 = row.notShown ? Number.POSITIVE_INFINITY : row.instruction.p99Ms;
  const figure = row.notShown ? `${row.notShown} not shown within ${result.waitMs / 1000} s` : `${p99} ms`;
  return p99 < pixAfterFaultTargetMs ? `met (${figure})` : `missed (${figure})`;
}
const pollIntervalMs = 50;

async function measureFault(
  stack: LocalStack,
  psp: FakePsp,
  authorization: string,
  accountId: string,
  fault: PixFault,
  options: { transactions: number; inFlight: number; waitMs: number },
): Promise<PixFaultRow> {
  psp.failFirstCreateOfEachCharge(fault === 'none' ? null : fault);
  const samples: number[] = [];
  const txids: string[] = [];
  let notShown = 0;
  const one = async () => {
    const sent = Date.now();
    const created = await fetch(`${stack.baseUrl}/transactions/v2/purchase`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(pixBody()),
    });
    const { id } = (await created.json()) as { id: string };
    if (created.status !== 201) throw new Error(`purchase answered ${created.status}`);
    txids.push(txidFor({ accountId, transactionId: id }));
    for (const deadline = sent + options.waitMs; Date.now() < deadline; ) {
      const read = await fetch(`${stack.baseUrl}/transactions/${id}`, { headers: { authorization } });
      if (((await read.json()) as { qr: string | null }).qr) {
        samples.push(Date.now() - sent);
        return;
      }
      await pause(pollIntervalMs);
    }
    notShown += 1;
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: options.inFlight }, async () => {
      while (next < options.transactions) {
        next += 1;
        await one();
      }
    }),
  );
  psp.failFirstCreateOfEachCharge(null);
  const puts = txids.map(
    (txid) => psp.requests.filter((r) => r.method === 'PUT' && r.path.endsWith(`/cob/${txid}`)).length,
  );
  return {
    fault,
    instruction: summarize(samples),
    notShown,
    putsPerCharge: puts.reduce((sum, count) => sum + count, 0) / Math.max(1, puts.length),
    chargesPerTransaction: txids.filter((txid) => psp.cobs.has(txid)).length / Math.max(1, txids.length),
  };
}

export async function measurePixFaultRecovery(
  options: { transactions: number; inFlight: number; waitMs?: number },
  progress: (message: string) => void = () => undefined,
): Promise<PixFaultRecovery> {
  const visibilityTimeoutSeconds = queues['fill-instruction'].workerTimeoutSeconds * 6;
  const waitMs = options.waitMs ?? (visibilityTimeoutSeconds + 30) * 1000;
  const psp = await startFakePsp({ validate: false });
  let stack: LocalStack | undefined;
  try {
    stack = await startLocalStack({
      port: 0,
      // Only the instruction is measured: no listing or sweep runs meanwhile.
      scheduleIntervalMs: 3_600_000,
      env: { LOG_LEVEL: 'silent', SANDBOX_RAILS: 'false', ...apiPixEnvFor(psp) },
    });
    await stack.functions.invoke('queue:fill-instruction', { Records: [] }, 10_000);
    const issued = await issueApiKey({ permissions: ['createTransaction'] });
    const authorization = basicAuthorization(issued.secretKey);
    // Warm: the purchase route, the worker, the PSP's token and TLS session (not counted).
    await measureFault(stack, psp, authorization, issued.accountId, 'none', {
      transactions: options.inFlight,
      inFlight: options.inFlight,
      waitMs,
    });
    const rows: PixFaultRow[] = [];
    for (const fault of faults) {
      progress(`Pix fill after a PSP fault: ${fault}, ${options.transactions} purchases`);
      rows.push(
        await measureFault(stack, psp, authorization, issued.accountId, fault, { ...options, waitMs }),
      );
    }
    return {
      transactions: options.transactions,
      inFlight: options.inFlight,
      visibilityTimeoutSeconds,
      pixApiTimeoutMs: Number(stack.env.PIX_API_TIMEOUT_MS ?? 10_000),
      waitMs,
      rows,
    };
  } finally {
    await stack?.stop();
    await psp.close();
  }
}

if (import.meta.main) {
  const [transactions = 40, inFlight = 4] = process.argv.slice(2).map(Number);
  const result = await measurePixFaultRecovery({ transactions, inFlight }, (message) =>
    process.stderr.write(`[bench, Pix faults] ${message}\n`),
  );
  process.stdout.write(JSON.stringify(result));
  process.exit(0);
}
