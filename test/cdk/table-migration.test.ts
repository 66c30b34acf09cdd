// The two deploy options that move a stage created with projection ALL to the lean indexes, one
// index dropped or created per deploy (docs/operations.md, Rolling out index changes).
import { App, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { serviceTable } from '../../infra/constructs/table.ts';

function indexesOf(options: { omitIndexes?: string[]; fullIndexes?: string[] }) {
  const stack = new Stack(new App(), 'Migration');
  serviceTable(stack, 'Table', {
    removalPolicy: RemovalPolicy.DESTROY,
    deletionProtection: false,
    ...options,
  });
  const [table] = Object.values(Template.fromStack(stack).findResources('AWS::DynamoDB::GlobalTable'));
  return (table!.Properties.GlobalSecondaryIndexes as Array<{ IndexName: string; Projection: unknown }>).map(
    (index) => [index.IndexName, (index.Projection as { ProjectionType: string }).ProjectionType],
  );
}

describe('moving a stage to the lean index projections', () => {
  it('steps through one index change per deploy', () => {
    expect(indexesOf({ fullIndexes: ['gsi1'], omitIndexes: ['gsi2'] })).toEqual([['gsi1', 'ALL']]);
    expect(indexesOf({ fullIndexes: ['gsi1'] })).toEqual([
      ['gsi1', 'ALL'],
      ['gsi2', 'INCLUDE'],
    ]);
    expect(indexesOf({ omitIndexes: ['gsi1'] })).toEqual([['gsi2', 'INCLUDE']]);
    expect(indexesOf({})).toEqual([
      ['gsi1', 'KEYS_ONLY'],
      ['gsi2', 'INCLUDE'],
    ]);
  });
});
