// A stage deployed with a sending domain: the SES identity with its configuration set, bounces
// and complaints through SNS to the suppression function, and the e-mail worker allowed to send
// as that identity only. cdk-nag still passes; a stage without a domain has none of it.
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveStage } from '../../infra/stages.ts';
import { ofType, type Synthesized, single, synth } from './synth.ts';

describe('a stage with -c emailDomain', () => {
  let synthesized: Synthesized;
  beforeAll(() => {
    synthesized = synth('dev-mail', { overrides: { emailDomain: 'mail.example.com' } });
  }, 120_000);
  afterAll(() => synthesized?.cleanup());

  it('has the identity, its configuration set and the feedback topic feeding the suppression function', () => {
    const { resources } = synthesized;
    const [, identity] = single(resources, 'AWS::SES::EmailIdentity');
    expect(identity.Properties!.EmailIdentity).toBe('mail.example.com');
    const [, destination] = single(resources, 'AWS::SES::ConfigurationSetEventDestination');
    expect(destination.Properties!.EventDestination.MatchingEventTypes.toSorted()).toEqual([
      'bounce',
      'complaint',
    ]);
    const [, subscription] = single(resources, 'AWS::SNS::Subscription');
    expect(subscription.Properties!.Protocol).toBe('lambda');
    const statements = ofType(resources, 'AWS::IAM::Policy').flatMap(
      ([, policy]) => policy.Properties!.PolicyDocument.Statement as Array<Record<string, any>>,
    );
    const ses = statements.filter((statement) => [statement.Action].flat().includes('ses:SendEmail'));
    expect(ses).toHaveLength(1);
    expect(JSON.stringify(ses[0]!.Resource)).toContain('identity/mail.example.com');
  });

  it('passes cdk-nag', () => {
    expect(
      new AwsSolutionsChecks()
        .validateScope(synthesized.stack)
        .violations.map((violation) => violation.ruleName),
    ).toEqual([]);
  });

  it('refuses a value that is not a domain', () => {
    expect(() => resolveStage('dev-mail', { emailDomain: 'not a domain' })).toThrow(/emailDomain/);
  });
});
