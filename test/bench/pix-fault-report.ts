// The bench's section on the Pix instruction after one PSP fault (pix-fault-recovery.ts), as
// text for the terminal and markdown for docs/benchmarks.md.
import { type PixFaultRecovery, pixAfterFaultTargetMs } from './pix-fault-recovery.ts';
import { type Cell, markdownTable, textTable } from './tables.ts';

const faultLabels = {
  none: 'no fault (baseline)',
  '503': 'one 503 on PUT /cob',
  'answer-lost': 'PUT /cob created the charge, its answer lost',
} as const;

const header = [
  'first PUT /cob of each charge',
  'p50 ms',
  'p99 ms',
  'max ms',
  'not shown',
  'PUTs per charge',
  'charges per transaction',
];
const align = [false, true, true, true, true, true, true];

function rows(result: PixFaultRecovery): Cell[][] {
  return result.rows.map((row) => [
    faultLabels[row.fault],
    row.instruction.p50Ms,
    row.instruction.p99Ms,
    row.instruction.maxMs,
    row.notShown,
    row.putsPerCharge.toFixed(2),
    row.chargesPerTransaction.toFixed(2),
  ]);
}

function intro(result: PixFaultRecovery): string {
  return `${result.transactions} Pix purchases per row, ${result.inFlight} in flight, on a stack of its own on the API Pix rail (the fake PSP on 127.0.0.1, mutual TLS) with the production visibility timeout of the instruction queue (${result.visibilityTimeoutSeconds} s) and PIX_API_TIMEOUT_MS ${result.pixApiTimeoutMs}; the first PUT /cob of every charge fails once as the row says. Purchase sent → a GET shows the QR (polled every 50 ms, for up to ${result.waitMs / 1000} s). Target: p99 < ${pixAfterFaultTargetMs / 1000} s after one 5xx.`;
}

export function renderPixFaultText(result: PixFaultRecovery, verdict: string): string {
  return [
    `   ${intro(result)}`,
    textTable(header, rows(result), align),
    `   Target: p99 < ${pixAfterFaultTargetMs / 1000} s after one 503 — ${verdict}`,
  ].join('\n');
}

export function renderPixFaultMarkdown(result: PixFaultRecovery, verdict: string): string {
  return [
    '## The Pix instruction after one PSP fault',
    '',
    intro(result),
    '',
    markdownTable(header, rows(result), align),
    '',
    `- Target: p99 < ${pixAfterFaultTargetMs / 1000} s after one 503 — ${verdict}. The API Pix client tries a failed call again within seconds, inside the function's time budget (shared/transient-retry.ts); without that the job waited for the queue's visibility timeout.`,
  ].join('\n');
}
