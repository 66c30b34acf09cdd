// The pieces `cdk synth|deploy` (infra/app.ts) and the tests share: the app with its pinned
// feature flags, the stage read from context, and the stack named after the stage.
import { App } from 'aws-cdk-lib';
import { BUNDLING_STACKS } from 'aws-cdk-lib/cx-api';
import { featureFlags } from './feature-flags.ts';
import { ServiceStack, type ServiceStackProps } from './stack.ts';
import { resolveStage, type StageConfig, type StageOverrides } from './stages.ts';

export interface ServiceAppOptions {
  readonly outdir?: string;
  /** Extra context, as `-c key=value` would give (tests). */
  readonly context?: Record<string, unknown>;
  /** Skip esbuild for template-only tests; the deployable path always bundles. */
  readonly skipBundling?: boolean;
}

export function newServiceApp(options: ServiceAppOptions = {}): App {
  return new App({
    context: {
      ...featureFlags,
      ...options.context,
      ...(options.skipBundling ? { [BUNDLING_STACKS]: [] } : {}),
    },
    ...(options.outdir !== undefined ? { outdir: options.outdir } : {}),
  });
}

const overrideKeys = [
  'alarmEmail',
  'alarmTopicArn',
  'manageAlarmTopicPolicy',
  'domainName',
  'certificateArn',
  'hostedZoneId',
  'hostedZoneName',
  'corsAllowOrigins',
  'pixApiBaseUrl',
  'pixApiChave',
  'pixApiClientId',
  'pixApiSecretArn',
  'pixApiMerchantName',
  'pixApiMerchantCity',
  'pixApiReceiverAgencia',
  'pixApiReceiverConta',
  'pixApiReceiverTipoConta',
  'emailDomain',
] as const;

/** The stage named by `-c stage=<name>`, with the deploy-time overrides given as context. */
export function stageFromContext(app: App): StageConfig {
  const text = (key: string): string | undefined => {
    const value: unknown = app.node.tryGetContext(key);
    return value === undefined || value === null || value === '' ? undefined : String(value);
  };
  const overrides: StageOverrides = Object.fromEntries(
    overrideKeys.flatMap((key) => {
      const value = text(key);
      return value === undefined ? [] : [[key, value]];
    }),
  );
  return resolveStage(text('stage'), overrides);
}

export function stackName(stage: StageConfig): string {
  return `CatalogCashin-${stage.name}`;
}

export function addServiceStack(
  app: App,
  stage: StageConfig,
  tables: Omit<ServiceStackProps, 'stage' | 'env' | 'description'> = {},
): ServiceStack {
  return new ServiceStack(app, stackName(stage), {
    ...tables,
    stage,
    description: `Catalog and cash-in API, stage ${stage.name}`,
    // No account in the repo: the CLI's credentials pick it at deploy time; synth needs none.
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION ?? 'us-east-1' },
  });
}
