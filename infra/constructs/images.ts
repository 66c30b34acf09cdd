// Product images: a private bucket read only by CloudFront (origin access control), plus the
// bucket that receives the S3 server access logs and the CloudFront access logs.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  HttpVersion,
  PriceClass,
  ResponseHeadersPolicy,
  S3OriginAccessControl,
  Signing,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

export interface ImagesProps {
  readonly removalPolicy: RemovalPolicy;
  /** Empty the buckets when the stack is deleted (stages that do not retain data). */
  readonly autoDeleteObjects: boolean;
  readonly logRetentionDays: number;
  /**
   * Unique per account across regions (CloudFront is global): names the origin access control,
   * so the same stage can live in two regions of one account.
   */
  readonly globalName: string;
}

export class Images extends Construct {
  readonly bucket: Bucket;
  readonly logsBucket: Bucket;
  readonly distribution: Distribution;
  /** The distribution's access to its buckets (the dashboard's bucket uses it too). */
  readonly originAccessControl: S3OriginAccessControl;
  /** `https://<distribution domain>`, without a trailing slash. */
  readonly baseUrl: string;

  constructor(scope: Construct, id: string, props: ImagesProps) {
    super(scope, id);
    const common = {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
    };

    // CloudFront standard logging writes with ACLs, so this bucket cannot enforce bucket-owner-only.
    // Always retained: S3 and CloudFront deliver logs minutes late, so a bucket emptied during
    // `cdk destroy` is soon non-empty again and its deletion would fail the destroy. The
    // lifecycle rule empties it within logRetentionDays; delete it by hand after that if wanted.
    this.logsBucket = new Bucket(this, 'AccessLogs', {
      ...common,
      removalPolicy: RemovalPolicy.RETAIN,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [
        {
          expiration: Duration.days(props.logRetentionDays),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
    });

    this.bucket = new Bucket(this, 'Bucket', {
      ...common,
      removalPolicy: props.removalPolicy,
      autoDeleteObjects: props.autoDeleteObjects,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 's3/images/',
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });

    this.originAccessControl = new S3OriginAccessControl(this, 'OriginAccess', {
      originAccessControlName: `${props.globalName}-images`,
      signing: Signing.SIGV4_ALWAYS,
    });
    this.distribution = new Distribution(this, 'Cdn', {
      comment: 'Product images',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket, {
          originAccessControl: this.originAccessControl,
        }),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        // Keys are content hashes, so an object never changes: cache for as long as CloudFront allows.
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        // nosniff and friends: the bytes were uploaded by merchants.
        responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
        compress: true,
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      // South American edge locations are only in the "all" price class.
      priceClass: PriceClass.PRICE_CLASS_ALL,
      enableLogging: true,
      logBucket: this.logsBucket,
      logFilePrefix: 'cloudfront/images/',
    });

    this.baseUrl = `https://${this.distribution.distributionDomainName}`;
  }
}
