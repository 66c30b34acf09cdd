// Stage names and deploy-time overrides: which names resolve to what, which fail, and what the
// optional settings (alarm e-mail or topic, CORS, custom domain) change in the stack.
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackName } from '../../infra/service-app.ts';
import { resolveStage, stages } from '../../infra/stages.ts';
import { logicalId, ofType, type Synthesized, single, synth } from './synth.ts';

describe('resolveStage', () => {
  it('knows dev, staging and prod', () => {
    expect(resolveStage('dev')).toMatchObject({
      name: 'dev',
      sandboxRails: true,
      retainData: false,
      deletionProtection: false,
      allowInsecurePostback: false,
    });
    expect(resolveStage('staging')).toMatchObject({
      name: 'staging',
      sandboxRails: true,
      allowInsecurePostback: false,
    });
    expect(resolveStage('prod')).toMatchObject({
      name: 'prod',
      sandboxRails: false,
      retainData: true,
      deletionProtection: true,
      allowInsecurePostback: false,
    });
  });

  it('gives other names the dev defaults under their own name', () => {
    expect(resolveStage('dev-ana')).toEqual({ ...stages.dev, name: 'dev-ana' });
  });

  it.each([
    [undefined, /pass the stage name with -c stage=<name>/],
    ['', /pass the stage name/],
    ['Dev', /"Dev" is not a valid stage name/],
    ['feature/x', /is not a valid stage name/],
    ['production', /"production" is not a known stage; production is deployed only as "prod"/],
    ['prod-eu', /production is deployed only as "prod"/],
  ])('rejects %j', (name, message) => {
    expect(() => resolveStage(name)).toThrow(message);
  });

  it('checks the overrides', () => {
    expect(() => resolveStage('dev', { domainName: 'api.example.com' })).toThrow(
      /needs both -c domainName=<host> and -c certificateArn=/,
    );
    expect(() => resolveStage('dev', { alarmEmail: 'not-an-address' })).toThrow(
      /alarmEmail "not-an-address" is not an e-mail address/,
    );
    expect(() => resolveStage('dev', { corsAllowOrigins: 'http://shop.example.com' })).toThrow(
      /CORS origin "http:\/\/shop.example.com" must be an https origin/,
    );
    expect(
      resolveStage('prod', { corsAllowOrigins: 'https://a.example.com, https://b.example.com' })
        .corsAllowOrigins,
    ).toEqual(['https://a.example.com', 'https://b.example.com']);
  });
});

describe('a per-developer stage with every override', () => {
  const certificateArn =
    'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000';
  let synthesized: Synthesized;
  let withTopic: Synthesized;
  beforeAll(() => {
    synthesized = synth('dev-ana', {
      overrides: {
        alarmEmail: 'ops@example.com',
        corsAllowOrigins: 'https://shop.example.com',
        domainName: 'api.example.com',
        certificateArn,
      },
    });
    withTopic = synth('dev-ana', {
      overrides: { alarmTopicArn: 'arn:aws:sns:us-east-1:123456789012:pager' },
    });
  }, 120_000);
  afterAll(() => {
    synthesized?.cleanup();
    withTopic?.cleanup();
  });

  it('is its own stack, with sandbox rails', () => {
    expect(synthesized.stack.stackName).toBe(stackName(resolveStage('dev-ana')));
    expect(synthesized.stack.stackName).toBe('CatalogCashin-dev-ana');
    const fn =
      synthesized.resources[
        logicalId(synthesized.stack, synthesized.stack.functions.get('route:getHealth')!.function)
      ]!;
    expect(fn.Properties!.Environment.Variables).toMatchObject({ STAGE: 'dev-ana', SANDBOX_RAILS: 'true' });
  });

  it('subscribes the alarm e-mail to the alarm topic', () => {
    const [topicId] = single(synthesized.resources, 'AWS::SNS::Topic');
    expect(
      ofType(synthesized.resources, 'AWS::SNS::Subscription').map(
        ([, subscription]) => subscription.Properties,
      ),
    ).toEqual([{ Protocol: 'email', Endpoint: 'ops@example.com', TopicArn: { Ref: topicId } }]);
  });

  it('sends alarms to an existing topic instead of creating one', () => {
    expect(ofType(withTopic.resources, 'AWS::SNS::Topic')).toEqual([]);
    for (const [, alarm] of ofType(withTopic.resources, 'AWS::CloudWatch::Alarm')) {
      expect(alarm.Properties!.AlarmActions).toEqual(['arn:aws:sns:us-east-1:123456789012:pager']);
    }
  });

  it('turns CORS on for the listed origins only', () => {
    const [, api] = single(synthesized.resources, 'AWS::ApiGatewayV2::Api');
    expect(api.Properties!.CorsConfiguration).toMatchObject({
      // The listed origin, and the dashboard's (the image distribution's domain).
      AllowOrigins: ['https://shop.example.com', expect.objectContaining({ 'Fn::Join': expect.any(Array) })],
      AllowHeaders: expect.arrayContaining(['authorization', 'idempotency-key']),
    });
  });

  it('maps the custom domain and uses it as the public base URL', () => {
    const [, domain] = single(synthesized.resources, 'AWS::ApiGatewayV2::DomainName');
    expect(domain.Properties).toMatchObject({
      DomainName: 'api.example.com',
      DomainNameConfigurations: [expect.objectContaining({ CertificateArn: certificateArn })],
    });
    expect(ofType(synthesized.resources, 'AWS::ApiGatewayV2::ApiMapping')).toHaveLength(1);
    for (const built of synthesized.stack.functions.values()) {
      expect(
        synthesized.resources[logicalId(synthesized.stack, built.function)]!.Properties!.Environment.Variables
          .PUBLIC_BASE_URL,
      ).toBe('https://api.example.com');
    }
  });

  it('still passes cdk-nag', () => {
    for (const variant of [synthesized, withTopic]) {
      expect(
        new AwsSolutionsChecks()
          .validateScope(variant.stack)
          .violations.map((violation) => violation.ruleName),
      ).toEqual([]);
    }
  });
});
