// The HTTP API (API Gateway v2, payload 2.0): one route per row of the route table, the stage's
// throttling, JSON access logs, CORS only when the stage lists origins, optional custom domain
// (with its DNS record, and the execute-api endpoint off so it is the only way in).
import { Duration, Fn, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  ApiMapping,
  type CfnStage,
  CorsHttpMethod,
  DomainName,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { ARecord, HostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { ApiGatewayv2DomainProperties } from 'aws-cdk-lib/aws-route53-targets';
import { Construct } from 'constructs';
import type { RouteDef } from '../../shared/route-def.ts';
import { pascalCase } from '../names.ts';
import type { StageConfig } from '../stages.ts';

export interface ServiceHttpApiProps {
  readonly stage: StageConfig;
  readonly logRetention: RetentionDays;
  readonly removalPolicy: RemovalPolicy;
  /** Browser origins of this stack's own web apps (the dashboard), allowed on top of the stage's. */
  readonly ownOrigins?: readonly string[];
}

/**
 * Request fields worth keeping; never headers (they carry the Basic credentials) and never the
 * raw path (a hosted page's path carries its token): the route key names the route instead.
 */
const accessLogFields = {
  requestId: '$context.requestId',
  requestTime: '$context.requestTime',
  sourceIp: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  method: '$context.httpMethod',
  routeKey: '$context.routeKey',
  status: '$context.status',
  responseLength: '$context.responseLength',
  responseLatencyMs: '$context.responseLatency',
  integrationLatencyMs: '$context.integrationLatency',
  integrationStatus: '$context.integrationStatus',
  integrationError: '$context.integrationErrorMessage',
  error: '$context.error.message',
};

export class ServiceHttpApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  readonly accessLogs: LogGroup;
  /** The URL clients use; hosted-page links are built from it. No trailing slash. */
  readonly publicBaseUrl: string;
  /** Target for the custom domain's DNS record, when there is one. */
  readonly domainTarget?: string;

  constructor(scope: Construct, id: string, props: ServiceHttpApiProps) {
    super(scope, id);
    const { stage } = props;
    this.api = new HttpApi(this, 'Api', {
      apiName: `catalog-cashin-${stage.name}`,
      description: `Catalog and cash-in API (${stage.name})`,
      createDefaultStage: false,
      disableExecuteApiEndpoint: stage.domain !== undefined,
      ...(stage.corsAllowOrigins || props.ownOrigins?.length
        ? {
            corsPreflight: {
              allowOrigins: [...(stage.corsAllowOrigins ?? []), ...(props.ownOrigins ?? [])],
              allowMethods: [
                CorsHttpMethod.GET,
                CorsHttpMethod.POST,
                CorsHttpMethod.PATCH,
                CorsHttpMethod.PUT,
                CorsHttpMethod.DELETE,
              ],
              allowHeaders: ['authorization', 'content-type', 'idempotency-key'],
              // A browser script may read only the headers listed here.
              exposeHeaders: ['x-request-id', 'idempotent-replayed'],
              maxAge: Duration.hours(1),
            },
          }
        : {}),
    });

    this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: stage.throttle.rateLimit, burstLimit: stage.throttle.burstLimit },
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(accessLogFields)),
      },
    });

    if (stage.domain) {
      const domainName = new DomainName(this, 'Domain', {
        domainName: stage.domain.name,
        certificate: Certificate.fromCertificateArn(this, 'Certificate', stage.domain.certificateArn),
      });
      new ApiMapping(this, 'DomainMapping', { api: this.api, domainName, stage: this.stage });
      new ARecord(this, 'DomainRecord', {
        zone: HostedZone.fromHostedZoneAttributes(this, 'Zone', {
          hostedZoneId: stage.domain.hostedZoneId,
          zoneName: stage.domain.hostedZoneName,
        }),
        recordName: `${stage.domain.name}.`,
        target: RecordTarget.fromAlias(
          new ApiGatewayv2DomainProperties(domainName.regionalDomainName, domainName.regionalHostedZoneId),
        ),
      });
      this.publicBaseUrl = `https://${stage.domain.name}`;
      this.domainTarget = domainName.regionalDomainName;
    } else {
      // Built from the API id, which exists before any route or function: functions can carry
      // the URL without a dependency cycle through the routes that point at them.
      const { region, urlSuffix } = Stack.of(this);
      this.publicBaseUrl = Fn.join('', ['https://', this.api.apiId, '.execute-api.', region, '.', urlSuffix]);
    }
  }

  /**
   * Route-level throttling for the public routes, below the stage's default: their callers have
   * no key, so no per-account rate limit stops a flood before it reaches the function. The
   * stage names routes that the nested stacks create, so it waits for them.
   */
  throttlePublicRoutes(
    routes: readonly RouteDef[],
    throttle: { readonly rateLimit: number; readonly burstLimit: number },
    routeStacks: readonly Construct[],
  ): void {
    (this.stage.node.defaultChild as CfnStage).routeSettings = Object.fromEntries(
      routes.map((route) => [
        `${route.method} ${route.path}`,
        // A JSON property: CDK passes its keys through as written.
        { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit },
      ]),
    );
    for (const routeStack of routeStacks) this.stage.node.addDependency(routeStack);
  }

  /**
   * The route, its integration and the function's invoke permission, created in `scope`: the
   * nested stack that holds the function, so a route's resources grow that stack, not the root.
   */
  addRoute(scope: Construct, name: string, route: RouteDef, fn: IFunction): HttpRoute {
    return new HttpRoute(scope, `${pascalCase(name)}Route`, {
      httpApi: this.api,
      routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
      integration: new HttpLambdaIntegration(`${pascalCase(name)}Integration`, fn),
    });
  }
}
