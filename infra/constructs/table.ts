// The single DynamoDB table, shaped by shared/store/table.ts (keys, TTL attribute, GSIs).
import type { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, ProjectionType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { type IndexProjection, table as shape } from '../../shared/store/table.ts';

export interface ServiceTableProps {
  readonly removalPolicy: RemovalPolicy;
  readonly deletionProtection: boolean;
  /**
   * Indexes left out of this deploy. A projection cannot change in place: a stage created with
   * other projections drops the index in one deploy and gets it back, rebuilt, in the next
   * (docs/operations.md, Rolling out index changes).
   */
  readonly omitIndexes?: readonly string[];
  /** Indexes kept at projection ALL, as a stage created before the lean projections has them. */
  readonly fullIndexes?: readonly string[];
}

export function serviceTable(scope: Construct, id: string, props: ServiceTableProps): TableV2 {
  const key = (name: string) => ({ name, type: AttributeType.STRING });
  return new TableV2(scope, id, {
    partitionKey: key(shape.partitionKey),
    sortKey: key(shape.sortKey),
    billing: Billing.onDemand(),
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    timeToLiveAttribute: shape.ttlAttribute,
    deletionProtection: props.deletionProtection,
    removalPolicy: props.removalPolicy,
    globalSecondaryIndexes: Object.entries(shape.indexes)
      .filter(([indexName]) => !props.omitIndexes?.includes(indexName))
      .map(([indexName, index]) => ({
        indexName,
        partitionKey: key(index.partitionKey),
        sortKey: key(index.sortKey),
        ...projectionOf(props.fullIndexes?.includes(indexName) ? { type: 'ALL' } : index.projection),
      })),
  });
}

function projectionOf(projection: IndexProjection) {
  if (projection.type === 'INCLUDE')
    return { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: [...projection.attributes] };
  return { projectionType: projection.type === 'ALL' ? ProjectionType.ALL : ProjectionType.KEYS_ONLY };
}
