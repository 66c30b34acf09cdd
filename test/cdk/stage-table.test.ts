// The stage table of docs/operations.md, value by value, against the synthesized templates of dev, staging
// and prod. The expectations are the table's numbers, not infra/stages.ts, so a changed
// constant fails here until the documentation changes with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ofType, type Synthesized, single, synth } from './synth.ts';

const readmeTable = {
  dev: {
    sandbox: true,
    retain: false,
    logRetentionDays: 7,
    throttle: { rate: 50, burst: 100 },
    apiErrorRatePercent: 5,
  },
  staging: {
    sandbox: true,
    retain: false,
    logRetentionDays: 30,
    throttle: { rate: 100, burst: 200 },
    apiErrorRatePercent: 5,
  },
  prod: {
    sandbox: false,
    retain: true,
    logRetentionDays: 365,
    throttle: { rate: 500, burst: 1000 },
    apiErrorRatePercent: 1,
  },
} as const;

describe.each(Object.entries(readmeTable))('stage table (docs/operations.md): %s', (stageName, row) => {
  let synthesized: Synthesized;
  beforeAll(() => {
    synthesized = synth(stageName);
  }, 120_000);
  afterAll(() => synthesized?.cleanup());

  const functionEnvironments = () =>
    ofType(synthesized.resources, 'AWS::Lambda::Function')
      .map(([, fn]) => fn.Properties?.Environment?.Variables as Record<string, unknown> | undefined)
      .filter((variables) => variables?.STAGE === stageName);

  it(`sandbox rails and /sandbox/... routes ${row.sandbox ? 'on' : 'off'}; ALLOW_INSECURE_POSTBACK false`, () => {
    const environments = functionEnvironments();
    expect(environments.length).toBeGreaterThan(10);
    for (const variables of environments) {
      expect(variables).toMatchObject({
        SANDBOX_RAILS: String(row.sandbox),
        ALLOW_INSECURE_POSTBACK: 'false',
      });
    }
    const routeKeys = ofType(synthesized.resources, 'AWS::ApiGatewayV2::Route').map(
      ([, route]) => route.Properties!.RouteKey as string,
    );
    expect(routeKeys).toContain('POST /transactions/v2/purchase');
    const sandboxRoutes = routeKeys.filter((key) => /\/sandbox(\/|-pay)/.test(key));
    if (row.sandbox) expect(sandboxRoutes.length).toBeGreaterThan(0);
    else expect(sandboxRoutes).toEqual([]);
  });

  it(`removal policy ${row.retain ? 'RETAIN with deletion protection' : 'destroy'}`, () => {
    const [, table] = single(synthesized.resources, 'AWS::DynamoDB::GlobalTable');
    expect(table.DeletionPolicy).toBe(row.retain ? 'Retain' : 'Delete');
    expect(Boolean(table.Properties!.Replicas?.[0]?.DeletionProtectionEnabled)).toBe(row.retain);
    expect(synthesized.stack.terminationProtection).toBe(row.retain);
  });

  it(`log retention ${row.logRetentionDays} days`, () => {
    const groups = ofType(synthesized.resources, 'AWS::Logs::LogGroup');
    expect(groups.length).toBeGreaterThan(10);
    for (const [id, group] of groups)
      expect(group.Properties!.RetentionInDays, id).toBe(row.logRetentionDays);
  });

  it(`throttling ${row.throttle.rate} req/s, burst ${row.throttle.burst}`, () => {
    const [, stage] = single(synthesized.resources, 'AWS::ApiGatewayV2::Stage');
    expect(stage.Properties!.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: row.throttle.rate,
      ThrottlingBurstLimit: row.throttle.burst,
    });
  });

  it(`API 5xx alarm at ${row.apiErrorRatePercent} %`, () => {
    const apiAlarms = ofType(synthesized.resources, 'AWS::CloudWatch::Alarm').filter(([, alarm]) =>
      (alarm.Properties!.Metrics as any[] | undefined)?.some(
        (metric) => metric.MetricStat?.Metric.MetricName === '5xx',
      ),
    );
    expect(apiAlarms).toHaveLength(1);
    expect(apiAlarms[0]![1].Properties!.Threshold).toBe(row.apiErrorRatePercent);
  });
});
