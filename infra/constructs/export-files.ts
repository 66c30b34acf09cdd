// The bucket of prepared export files (GET /transactions/export for large selections): private,
// reached only through presigned links that last minutes, and emptied by a lifecycle rule after a
// day. Not the image bucket: that one is served whole by the public CDN.
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type IBucket,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

export interface ExportFilesProps {
  readonly removalPolicy: RemovalPolicy;
  readonly autoDeleteObjects: boolean;
  readonly logsBucket: IBucket;
}

export class ExportFiles extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: ExportFilesProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      removalPolicy: props.removalPolicy,
      autoDeleteObjects: props.autoDeleteObjects,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.logsBucket,
      serverAccessLogsPrefix: 's3/exports/',
      lifecycleRules: [
        { expiration: Duration.days(1), abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
    });
  }
}
