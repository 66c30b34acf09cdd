// Every cdk-nag (AwsSolutions) finding this stack accepts, each with the reason. Anything not
// listed here fails `cdk synth` and the CDK tests.
import { type CfnElement, Names, type NestedStack, type Stack, Validations } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { Bucket } from 'aws-cdk-lib/aws-s3';

export interface NagSubjects {
  readonly table: TableV2;
  readonly imageBucket: Bucket;
  readonly exportsBucket: Bucket;
  readonly api: HttpApi;
  readonly distribution: Distribution;
}

export function acknowledgeNagFindings(
  stack: Stack,
  subjects: NagSubjects,
  /** The nested stacks of functions, which see the table and bucket through parameters. */
  functionStacks: readonly NestedStack[],
): void {
  const logicalId = (construct: { node: { defaultChild?: unknown } }) =>
    stack.getLogicalId(construct.node.defaultChild as CfnElement);
  /** How a nested stack names the parameter that carries an attribute of a root resource. */
  const parameterOf = (construct: { node: { defaultChild?: unknown } }, attribute: string) =>
    `referenceto${Names.uniqueId(construct.node.defaultChild as CfnElement)}${attribute}`;

  const unauthorized = {
    id: 'AwsSolutions-APIG4',
    reason:
      'The contract authenticates in the function: HTTP Basic with hashed API keys and per-key permissions, checked by the shared middleware before any work. /health and the hosted payment pages are public by design.',
  };
  const indexes =
    "Item-level table actions (never Scan or stream reads) cover the table's own GSIs with <table>/index/*, for Query; the wildcard cannot reach another table.";
  const objects =
    'Image object keys are content hashes chosen at upload time, so the grant covers the objects of this one bucket; the actions are only s3:PutObject/DeleteObject (or GetObject).';
  Validations.of(subjects.api).acknowledge(unauthorized);
  Validations.of(stack).acknowledge({
    id: `AwsSolutions-IAM5[Resource::<${logicalId(subjects.table)}.Arn>/index/*]`,
    reason: indexes,
  });
  Validations.of(stack).acknowledge({
    id: `AwsSolutions-IAM5[Resource::<${logicalId(subjects.imageBucket)}.Arn>/*]`,
    reason: objects,
  });
  const exportObjects =
    'Export files are written under keys drawn per export (account id and a UUID); the grant covers the objects of this one private bucket, with s3:PutObject and the s3:GetObject its presigned links act with.';
  Validations.of(stack).acknowledge({
    id: `AwsSolutions-IAM5[Resource::<${logicalId(subjects.exportsBucket)}.Arn>/*]`,
    reason: exportObjects,
  });
  for (const nested of functionStacks) {
    // The routes live beside their functions, in the nested stacks.
    Validations.of(nested).acknowledge(unauthorized);
    Validations.of(nested).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${parameterOf(subjects.table, 'Arn')}>/index/*]`,
      reason: indexes,
    });
    Validations.of(nested).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${parameterOf(subjects.imageBucket, 'Arn')}>/*]`,
      reason: objects,
    });
    Validations.of(nested).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${parameterOf(subjects.exportsBucket, 'Arn')}>/*]`,
      reason: exportObjects,
    });
  }

  Validations.of(subjects.distribution).acknowledge({
    id: 'AwsSolutions-CFR1',
    reason:
      'Product images are shown to payers in every country the merchants sell to; there is no region to block.',
  });
  Validations.of(subjects.distribution).acknowledge({
    id: 'AwsSolutions-CFR2',
    reason:
      'The distribution serves immutable, public product images (GET/HEAD only, no origin writes); Shield Standard covers it. A WAF web ACL can be attached per stage if abuse appears.',
  });
  Validations.of(subjects.distribution).acknowledge({
    id: 'AwsSolutions-CFR4',
    reason:
      'The distribution uses the default *.cloudfront.net certificate, for which CloudFront does not allow choosing the minimum TLS version; a custom image domain with its own certificate would allow TLSv1.2_2021.',
  });
}
