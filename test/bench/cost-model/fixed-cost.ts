// What a stage costs a month with no traffic at all: the resources its template declares that
// bill by the month or by their own polling, priced from the synthesized stack (the same
// `synth` the CDK tests use), beside the schedules' idle ticks the cost model measures.
// List prices, us-east-1, no free tier (an account's free tier is shared by all its stacks).
import { type CfnResource, synth } from '../../cdk/synth.ts';

export const fixedPrices = {
  /** CloudWatch: each metric an alarm watches (standard resolution), per month. */
  alarmMetricPerMonth: 0.1,
  /** CloudWatch custom dashboard, per month. */
  dashboardPerMonth: 3,
  /** KMS customer managed key, per month. */
  kmsKeyPerMonth: 1,
  /** Secrets Manager secret, per month. */
  secretPerMonth: 0.4,
  sqsPerMillionRequests: 0.4,
} as const;

/**
 * An idle SQS event source mapping keeps polling: Lambda starts with five pollers, each a
 * ReceiveMessage long poll of up to 20 s (the Lambda developer guide, "Using Lambda with Amazon
 * SQS"; the idle rate is not published, this is its upper bound).
 */
export const idlePollsPerMappingPerMonth = 5 * 3 * 60 * 24 * 30;

export interface FixedCostLine {
  item: string;
  count: number;
  dollarsPerMonth: number;
}

/** Metrics an alarm watches: one, or each MetricStat of a metric-math alarm. */
function alarmMetrics(alarm: CfnResource): number {
  const metrics = alarm.Properties?.Metrics as Array<{ MetricStat?: unknown }> | undefined;
  return metrics ? metrics.filter((metric) => metric.MetricStat).length : 1;
}

/** The monthly lines of a template's resources (pure: the resources in, the lines out). */
export function fixedCostLines(resources: Record<string, CfnResource>): FixedCostLine[] {
  const all = Object.values(resources);
  const ofType = (type: string) => all.filter((resource) => resource.Type === type);
  const alarms = ofType('AWS::CloudWatch::Alarm');
  const alarmMetricCount = alarms.reduce((sum, alarm) => sum + alarmMetrics(alarm), 0);
  const mappings = ofType('AWS::Lambda::EventSourceMapping').filter((mapping) =>
    JSON.stringify(mapping.Properties?.EventSourceArn ?? '').includes('Queue'),
  );
  const lines: FixedCostLine[] = [
    {
      item: `CloudWatch alarms (${alarms.length}, ${alarmMetricCount} metrics)`,
      count: alarmMetricCount,
      dollarsPerMonth: alarmMetricCount * fixedPrices.alarmMetricPerMonth,
    },
    {
      item: 'CloudWatch dashboards',
      count: ofType('AWS::CloudWatch::Dashboard').length,
      dollarsPerMonth: ofType('AWS::CloudWatch::Dashboard').length * fixedPrices.dashboardPerMonth,
    },
    {
      item: 'KMS keys',
      count: ofType('AWS::KMS::Key').length,
      dollarsPerMonth: ofType('AWS::KMS::Key').length * fixedPrices.kmsKeyPerMonth,
    },
    {
      item: 'Secrets Manager secrets (the stack’s own)',
      count: ofType('AWS::SecretsManager::Secret').length,
      dollarsPerMonth: ofType('AWS::SecretsManager::Secret').length * fixedPrices.secretPerMonth,
    },
    {
      item: 'SQS long polls of the workers’ event source mappings',
      count: mappings.length,
      dollarsPerMonth:
        (mappings.length * idlePollsPerMappingPerMonth * fixedPrices.sqsPerMillionRequests) / 1e6,
    },
  ];
  return lines.filter((line) => line.count > 0);
}

/** The fixed lines of a stage as `cdk synth` would build it (prod with placeholder domain and alarm e-mail). */
export function stageFixedCost(stageName: string): FixedCostLine[] {
  const synthesized = synth(stageName);
  try {
    return fixedCostLines(synthesized.resources);
  } finally {
    synthesized.cleanup();
  }
}
