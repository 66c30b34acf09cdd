// An idle stage's monthly bill from its template: alarms by the metrics they watch, dashboards,
// keys, secrets, and the long polls of the workers' queue mappings.
import { describe, expect, it } from 'vitest';
import { fixedCostLines, idlePollsPerMappingPerMonth } from '../../test/bench/cost-model/fixed-cost.ts';

describe('fixedCostLines', () => {
  it('prices what a template bills by the month', () => {
    const lines = fixedCostLines({
      Errors: { Type: 'AWS::CloudWatch::Alarm', Properties: { MetricName: 'Errors' } },
      Rate: {
        Type: 'AWS::CloudWatch::Alarm',
        Properties: { Metrics: [{ MetricStat: {} }, { MetricStat: {} }, { Expression: 'a / b' }] },
      },
      Board: { Type: 'AWS::CloudWatch::Dashboard' },
      Key: { Type: 'AWS::KMS::Key' },
      Poll: {
        Type: 'AWS::Lambda::EventSourceMapping',
        Properties: { EventSourceArn: { 'Fn::GetAtt': ['FillInstructionQueue1234', 'Arn'] } },
      },
      Table: { Type: 'AWS::DynamoDB::GlobalTable' },
    });
    const byItem = Object.fromEntries(lines.map((line) => [line.item.replace(/ \(.*\)$/, ''), line]));
    expect(byItem['CloudWatch alarms']).toMatchObject({ count: 3 });
    expect(byItem['CloudWatch alarms']!.dollarsPerMonth).toBeCloseTo(0.3);
    expect(byItem['CloudWatch dashboards']!.dollarsPerMonth).toBe(3);
    expect(byItem['KMS keys']!.dollarsPerMonth).toBe(1);
    expect(byItem['SQS long polls of the workers’ event source mappings']!.dollarsPerMonth).toBeCloseTo(
      (idlePollsPerMappingPerMonth * 0.4) / 1e6,
    );
    // Nothing of a kind the template does not have.
    expect(byItem['Secrets Manager secrets (the stack’s own)']).toBeUndefined();
  });
});
