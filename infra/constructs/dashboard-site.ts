// The merchant dashboard in AWS: static files in a bucket of their own (so no function that
// writes product images can touch the dashboard's code), served by the image distribution under
// /dashboard/ with a strict CSP, and told where the API is by a config.json next to index.html.
import { type CfnElement, Duration, type RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Function as CloudFrontFunction,
  type Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  ResponseHeadersPolicy,
  type S3OriginAccessControl,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { buildDashboardIntoDirectory, dashboardCsp } from '../dashboard-build.ts';

export interface DashboardSiteProps {
  readonly distribution: Distribution;
  readonly originAccessControl: S3OriginAccessControl;
  readonly logsBucket: Bucket;
  readonly removalPolicy: RemovalPolicy;
  readonly logRetention: RetentionDays;
  readonly autoDeleteObjects: boolean;
  /** The API's base URL as clients use it (config.json). */
  readonly apiBaseUrl: string;
  /** Origins the page may call (CSP connect-src); literal, so the policy does not depend on the API. */
  readonly apiOrigins: readonly string[];
  /** Unique per account across regions (CloudFront names are global): stage and region. */
  readonly globalName: string;
}

/** `/dashboard` → `/dashboard/`; `/dashboard/` → its index.html (S3 origins have no index documents). */
const rewriteCode = `function handler(event) {
  var request = event.request;
  if (request.uri === '/dashboard') {
    return { statusCode: 301, statusDescription: 'Moved Permanently', headers: { location: { value: '/dashboard/' } } };
  }
  if (request.uri === '/dashboard/') request.uri = '/dashboard/index.html';
  return request;
}`;

export class DashboardSite extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: DashboardSiteProps) {
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
      serverAccessLogsPrefix: 's3/dashboard/',
    });

    const headers = new ResponseHeadersPolicy(this, 'Headers', {
      responseHeadersPolicyName: `${props.globalName}-dashboard`,
      comment: 'Dashboard: strict CSP, no framing, no referrer',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: dashboardCsp({ apiOrigins: props.apiOrigins }),
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.NO_REFERRER, override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365),
          includeSubdomains: true,
          override: true,
        },
      },
    });
    const origin = S3BucketOrigin.withOriginAccessControl(this.bucket, {
      originAccessControl: props.originAccessControl,
    });
    props.distribution.addBehavior('/dashboard*', origin, {
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      // Deploys invalidate /dashboard/*; in between, the files do not change.
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: headers,
      compress: true,
      functionAssociations: [
        {
          eventType: FunctionEventType.VIEWER_REQUEST,
          function: new CloudFrontFunction(this, 'IndexRewrite', {
            functionName: `${props.globalName}-dash-index`,
            code: FunctionCode.fromInline(rewriteCode),
            runtime: FunctionRuntime.JS_2_0,
          }),
        },
      ],
    });

    new BucketDeployment(this, 'Deploy', {
      sources: [
        Source.asset(buildDashboardIntoDirectory()),
        Source.jsonData('config.json', { apiBaseUrl: props.apiBaseUrl }),
      ],
      destinationBucket: this.bucket,
      destinationKeyPrefix: 'dashboard/',
      distribution: props.distribution,
      distributionPaths: ['/dashboard*'],
      memoryLimit: 256,
      logGroup: new LogGroup(this, 'DeployLogs', {
        retention: props.logRetention,
        removalPolicy: props.removalPolicy,
      }),
    });
    this.acknowledgeDeploymentFindings();
  }

  /** The BucketDeployment's provider function is CDK's own (a stack-level singleton). */
  private acknowledgeDeploymentFindings(): void {
    const stack = Stack.of(this);
    const provider = stack.node.children.find((child) =>
      child.node.id.startsWith('Custom::CDKBucketDeployment'),
    );
    if (!provider) return;
    const why =
      "CDK's BucketDeployment provider copies the dashboard's files from the CDK asset bucket into the dashboard bucket and invalidates /dashboard* on deploy; its role and runtime are CDK's own, it runs only during deployments and no request reaches it.";
    const validations = Validations.of(provider);
    validations.acknowledge({ id: 'AwsSolutions-L1', reason: why });
    validations.acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: why,
    });
    for (const finding of [
      'Action::s3:Abort*',
      'Action::s3:DeleteObject*',
      'Action::s3:GetBucket*',
      'Action::s3:GetObject*',
      'Action::s3:List*',
      'Resource::*',
      `Resource::<${stack.getLogicalId(this.bucket.node.defaultChild as CfnElement)}.Arn>/*`,
      `Resource::arn:aws:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${stack.region}/*`,
    ])
      validations.acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason: why });
  }
}
