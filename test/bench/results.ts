// The shape of bench-results.json.
import type { RunProvenance } from '../support/generated-docs.ts';
import type { BundleResult } from './bundle-sizes.ts';
import type { CheckoutPageWeight } from './checkout-page-weight.ts';
import type { InitResult } from './cold-start.ts';
import type { CostModelResults } from './cost-model/cost-results.ts';
import type { ContentionResult } from './limiter-contention.ts';
import type { PipelineResult } from './pipeline-latency.ts';
import type { PixFaultRecovery } from './pix-fault-recovery.ts';
import type { RequestCountRow } from './request-counts.ts';
import type { SearchExportResult } from './search-export.ts';
import type { ThroughputRow } from './throughput.ts';

export interface BundleRow extends Omit<BundleResult, 'outfile'> {
  /** As deployed: NODE_OPTIONS=--enable-source-maps. The init budget is judged on this one. */
  init?: InitResult;
  /** The same bundle without source-mapped stack traces. */
  initPlain?: InitResult;
  sizeRatio?: number;
  initRatio?: number;
  initPlainRatio?: number;
  /** Which budgets it misses: `size`, `init`. */
  exceeds: string[];
  /** The packages that make it bigger than the floor, largest first. */
  topExcess: Array<{ name: string; bytes: number }>;
  /** For a row over budget: what bundle-excess-reasons.ts explains of its excess, and what not. */
  explanation?: {
    explained: Array<{ name: string; bytes: number }>;
    unexplained: Array<{ name: string; bytes: number }>;
    /** Without the explained packages it would be within the size budget. */
    sizeCovered: boolean;
    /** Its init less the explained packages' estimated init is within the init budget. */
    initCovered: boolean;
  };
}

export interface BenchResults {
  meta: {
    date: string;
    command: string;
    node: string;
    /** The commit and machine the run came from (absent in results written before it was recorded). */
    provenance?: RunProvenance;
    machine: { cpu: string; cores: number; ramGiB: number; platform: string; arch: string };
    durationSeconds: number;
    /** One-minute load average: other work on the machine skews every figure. */
    loadAverage: { atStart: number; atEnd: number };
    stackEnv: Record<string, string>;
  };
  bundles: {
    budget: { sizeRatio: number; initRatio: number };
    rounds: number;
    /** Init per KB of bundle in this run (least squares over every bundle, as deployed). */
    initMsPerKB?: number;
    /** Node options the init figures were taken with (those of the deployed functions). */
    nodeOptions: string[];
    floor: BundleRow;
    functions: BundleRow[];
  };
  throughput: ThroughputRow[];
  pipeline: PipelineResult;
  lightPipeline: PipelineResult;
  /** The Pix instruction after one PSP fault on PUT /cob (absent in results written before it was measured). */
  pixFaultRecovery?: PixFaultRecovery;
  requestCounts: RequestCountRow[];
  /** The hosted checkout's first load per currency (absent in results written before it was measured). */
  checkoutPage?: CheckoutPageWeight[];
  verdicts: {
    bundles: string;
    throughputAtC8: string;
    instructionP99: string;
    webhookP99: string;
    pixAfterFaultP99?: string;
    checkoutPage?: string;
  };
  notes: { requestCounts: string[] };
  /** AWS requests and dollars per transaction over its whole life, on a simulated clock. */
  costModel: CostModelResults;
  /** The per-account limiter under a flood of many instances (absent in results written before it). */
  limiterContention?: ContentionResult;
  /** Search and export on a 10,000-transaction account (absent in results written before it was measured). */
  searchExport?: SearchExportResult;
}
