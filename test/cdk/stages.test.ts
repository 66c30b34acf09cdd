// Stage names and deploy-time overrides: which names resolve to what, which fail, and what the
// optional settings (alarm e-mail or topic, CORS, custom domain) change in the stack.
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackName } from '../../infra/service-app.ts';
import { resolveStage, stages } from '../../infra/stages.ts';
import { logicalId, ofType, prodOverrides, type Synthesized, single, synth } from './synth.ts';

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
    expect(resolveStage('prod', prodOverrides)).toMatchObject({
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

  it('refuses prod without an alarm destination or without a custom domain', () => {
    const { alarmEmail: _email, ...noAlarm } = prodOverrides;
    expect(() => resolveStage('prod', noAlarm)).toThrow(
      /prod needs somewhere to send alarms: -c alarmEmail=<address> or -c alarmTopicArn=/,
    );
    expect(
      resolveStage('prod', { ...noAlarm, alarmTopicArn: 'arn:aws:sns:us-east-1:123456789012:pager' }),
    ).toMatchObject({ alarmTopicArn: 'arn:aws:sns:us-east-1:123456789012:pager' });
    const {
      domainName: _domain,
      certificateArn: _certificate,
      hostedZoneId: _zone,
      ...noDomain
    } = prodOverrides;
    expect(() => resolveStage('prod', noDomain)).toThrow(/prod needs a custom domain/);
    expect(() => resolveStage('prod')).toThrow(/prod needs a custom domain/);
    expect(resolveStage('dev')).not.toHaveProperty('domain');
  });

  it('checks the overrides', () => {
    expect(() => resolveStage('dev', { domainName: 'api.example.com' })).toThrow(
      /a custom domain needs -c domainName=<host>, -c certificateArn=.* and -c hostedZoneId=/,
    );
    expect(
      resolveStage('dev', {
        ...prodOverrides,
        domainName: 'pay.api.example.com',
        hostedZoneName: 'example.com',
      }).domain,
    ).toMatchObject({ name: 'pay.api.example.com', hostedZoneName: 'example.com' });
    expect(resolveStage('dev', prodOverrides).domain).toMatchObject({ hostedZoneName: 'example.com' });
    expect(() => resolveStage('dev', { ...prodOverrides, hostedZoneName: 'example.org' })).toThrow(
      /domainName "api.example.com" is not inside hosted zone "example.org"/,
    );
    expect(() => resolveStage('dev', { manageAlarmTopicPolicy: 'true' })).toThrow(
      /manageAlarmTopicPolicy applies only with -c alarmTopicArn/,
    );
    expect(() => resolveStage('dev', { alarmEmail: 'not-an-address' })).toThrow(
      /alarmEmail "not-an-address" is not an e-mail address/,
    );
    expect(() => resolveStage('dev', { corsAllowOrigins: 'http://shop.example.com' })).toThrow(
      /CORS origin "http:\/\/shop.example.com" must be an https origin/,
    );
    expect(
      resolveStage('prod', {
        ...prodOverrides,
        corsAllowOrigins: 'https://a.example.com, https://b.example.com',
      }).corsAllowOrigins,
    ).toEqual(['https://a.example.com', 'https://b.example.com']);
  });
});

describe('a per-developer stage with every override', () => {
  const certificateArn =
    'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000';
  const pagerArn = 'arn:aws:sns:us-east-1:123456789012:pager';
  let synthesized: Synthesized;
  let withTopic: Synthesized;
  let withOwnedTopic: Synthesized;
  beforeAll(() => {
    synthesized = synth('dev-ana', {
      overrides: {
        alarmEmail: 'ops@example.com',
        corsAllowOrigins: 'https://shop.example.com',
        domainName: 'api.example.com',
        certificateArn,
        hostedZoneId: 'Z0123456789ABCDEFGHIJ',
      },
    });
    withTopic = synth('dev-ana', { overrides: { alarmTopicArn: pagerArn } });
    withOwnedTopic = synth('dev-ana', {
      overrides: { alarmTopicArn: pagerArn, manageAlarmTopicPolicy: 'true' },
    });
  }, 120_000);
  afterAll(() => {
    synthesized?.cleanup();
    withTopic?.cleanup();
    withOwnedTopic?.cleanup();
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

  it('prints the statement an imported topic needs, and adds no policy to a topic it does not own', () => {
    expect(ofType(withTopic.resources, 'AWS::SNS::TopicPolicy')).toEqual([]);
    const output = withTopic.template.toJSON().Outputs.AlarmTopicPolicyStatement;
    const statement = JSON.parse(JSON.stringify(withTopic.stack.resolve(output.Value)));
    expect(JSON.stringify(statement)).toContain('cloudwatch.amazonaws.com');
    expect(JSON.stringify(statement)).toContain('sns:Publish');
    expect(JSON.stringify(statement)).toContain(pagerArn);
    expect(JSON.stringify(statement)).toContain('aws:SourceAccount');
  });

  it('with manageAlarmTopicPolicy, gives the imported topic a policy that lets CloudWatch publish', () => {
    const [, policy] = single(withOwnedTopic.resources, 'AWS::SNS::TopicPolicy');
    expect(policy.Properties!.Topics).toEqual([pagerArn]);
    const statements = policy.Properties!.PolicyDocument.Statement as any[];
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Allow',
        Principal: { Service: 'cloudwatch.amazonaws.com' },
        Action: 'sns:Publish',
        Resource: pagerArn,
        Condition: expect.objectContaining({
          StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
        }),
      }),
    );
    expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Deny' }));
    expect(withOwnedTopic.template.toJSON().Outputs.AlarmTopicPolicyStatement).toBeUndefined();
  });

  it('turns CORS on for the listed origins only, exposing the headers a dashboard reads', () => {
    const [, api] = single(synthesized.resources, 'AWS::ApiGatewayV2::Api');
    expect(api.Properties!.CorsConfiguration).toMatchObject({
      // The listed origin, and the dashboard's (the image distribution's domain).
      AllowOrigins: ['https://shop.example.com', expect.objectContaining({ 'Fn::Join': expect.any(Array) })],
      AllowHeaders: expect.arrayContaining(['authorization', 'idempotency-key']),
      ExposeHeaders: ['x-request-id', 'idempotent-replayed'],
    });
  });

  it("creates the custom domain's alias record in the hosted zone and turns the execute-api endpoint off", () => {
    const [, api] = single(synthesized.resources, 'AWS::ApiGatewayV2::Api');
    expect(api.Properties!.DisableExecuteApiEndpoint).toBe(true);
    const [domainId] = single(synthesized.resources, 'AWS::ApiGatewayV2::DomainName');
    const [, record] = single(synthesized.resources, 'AWS::Route53::RecordSet');
    expect(record.Properties).toEqual({
      HostedZoneId: 'Z0123456789ABCDEFGHIJ',
      Name: 'api.example.com.',
      Type: 'A',
      AliasTarget: {
        DNSName: { 'Fn::GetAtt': [domainId, 'RegionalDomainName'] },
        HostedZoneId: { 'Fn::GetAtt': [domainId, 'RegionalHostedZoneId'] },
      },
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
    for (const variant of [synthesized, withTopic, withOwnedTopic]) {
      expect(
        new AwsSolutionsChecks()
          .validateScope(variant.stack)
          .violations.map((violation) => violation.ruleName),
      ).toEqual([]);
    }
  });
});
