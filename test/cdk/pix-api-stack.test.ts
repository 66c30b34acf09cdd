// A stage that configures API Pix: the operator's existing secret for the PSP credentials (the
// stack creates none, so no purchase can reach a placeholder), readable only by the functions
// whose table row calls a rail (rails:live), which also get the PSP settings; the stack stays
// cdk-nag clean. Without the settings there is no secret and no PIX_API_* at all.
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveStage } from '../../infra/stages.ts';
import { queues, schedules } from '../../shared/queues.ts';
import { routeList } from '../../shared/route-table.ts';
import {
  asArray,
  type CfnResource,
  logicalId,
  ofType,
  roleStatements,
  type Synthesized,
  synth,
} from './synth.ts';

const overrides = {
  pixApiBaseUrl: 'https://pix.psp.example/api/v2',
  pixApiChave: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
  pixApiClientId: 'cashin-prod',
  pixApiSecretArn:
    'arn:aws:secretsmanager:us-east-1:123456789012:secret:catalog-cashin/staging/pix-api-AbC123',
};

describe('stack for staging with API Pix', () => {
  let synthesized: Synthesized;
  let resources: Record<string, CfnResource>;
  beforeAll(() => {
    synthesized = synth('staging', { overrides });
    resources = synthesized.resources;
  }, 120_000);
  afterAll(() => synthesized?.cleanup());

  const readsSecret = (key: string, secretId: string) => {
    const built = synthesized.stack.functions.get(key)!;
    const id = logicalId(synthesized.stack, built.function);
    const roleId = (resources[id]!.Properties!.Role['Fn::GetAtt'] as string[])[0]!;
    const reads = roleStatements(resources, roleId).some(
      (statement) =>
        asArray(statement.Action).includes('secretsmanager:GetSecretValue') &&
        JSON.stringify(statement.Resource).includes(secretId),
    );
    const env = resources[id]!.Properties!.Environment?.Variables ?? {};
    return { reads, hasSettings: env.PIX_API_BASE_URL === overrides.pixApiBaseUrl };
  };

  it('creates no secret: the rail reads the one the operator filled, named by pixApiSecretArn', () => {
    expect(ofType(resources, 'AWS::SecretsManager::Secret')).toEqual([]);
    expect(synthesized.stack.pixApiSecret?.secretArn).toBe(overrides.pixApiSecretArn);
    const env =
      resources[
        logicalId(synthesized.stack, synthesized.stack.functions.get('queue:fill-instruction')!.function)
      ]!.Properties!.Environment.Variables;
    expect(env.PIX_API_SECRET_ID).toBe(overrides.pixApiSecretArn);
  });

  it('grants the secret and the settings to the rail functions only', () => {
    const secretId = overrides.pixApiSecretArn;
    const railUsers = new Set([
      ...Object.entries(queues)
        .filter(([, queue]) => (queue.grants as readonly string[]).includes('rails:live'))
        .map(([name]) => `queue:${name}`),
      ...routeList()
        .filter((route) => (route.grants as readonly string[]).includes('rails:live'))
        .map((route) => `route:${route.name}`),
      ...Object.entries(schedules)
        .filter(([, schedule]) => (schedule.grants as readonly string[]).includes('rails:live'))
        .map(([name]) => `schedule:${name}`),
    ]);
    expect(railUsers.has('route:cancelTransaction')).toBe(true);
    // The instruction, the payment watch and a refund's settlement ask the rail.
    for (const worker of ['fill-instruction', 'watch-payment', 'settle-refund'])
      expect(railUsers.has(`queue:${worker}`), worker).toBe(true);
    // The reading of GET /pix calls the PSP; the sandbox statement's reading does not.
    expect(railUsers.has('schedule:reconcileApiPixPayments')).toBe(true);
    expect(railUsers.has('schedule:reconcileSandboxPayments')).toBe(false);
    // Giving up a transaction's work closes its charge on the rail.
    expect(railUsers.has('schedule:sweepPendingWork')).toBe(true);
    for (const key of synthesized.stack.functions.keys()) {
      const expected = railUsers.has(key);
      expect(readsSecret(key, secretId), key).toEqual({ reads: expected, hasSettings: expected });
    }
    expect(Object.keys(queues)).toContain('fill-instruction');
  });

  it('passes cdk-nag', () => {
    const report = new AwsSolutionsChecks().validateScope(synthesized.stack);
    expect(report.violations.map((v) => v.ruleName)).toEqual([]);
  });
});

describe('API Pix stage settings', () => {
  it('needs all three of base URL, key and client id, and an https base URL', () => {
    expect(() => resolveStage('staging', { pixApiBaseUrl: overrides.pixApiBaseUrl })).toThrow(/pixApiChave/);
    expect(() => resolveStage('staging', { ...overrides, pixApiBaseUrl: 'http://psp.example' })).toThrow(
      /https/,
    );
    expect(resolveStage('staging', overrides).pixApi).toEqual({
      baseUrl: overrides.pixApiBaseUrl,
      chave: overrides.pixApiChave,
      clientId: overrides.pixApiClientId,
      secretArn: overrides.pixApiSecretArn,
    });
    expect(resolveStage('staging').pixApi).toBeUndefined();
  });

  it('Pix Automático: the receiving account comes with the PSP, its type one of three', () => {
    const withAccount = { ...overrides, pixApiReceiverAgencia: '0001', pixApiReceiverConta: '998877' };
    expect(resolveStage('staging', withAccount).pixApi?.receiverAccount).toEqual({
      agencia: '0001',
      conta: '998877',
      tipoConta: 'CORRENTE',
    });
    expect(() => resolveStage('staging', { ...withAccount, pixApiReceiverTipoConta: 'SALARIO' })).toThrow(
      /CORRENTE, POUPANCA or PAGAMENTO/,
    );
    expect(() => resolveStage('staging', { pixApiReceiverConta: '998877' })).toThrow(/pixApiBaseUrl/);
    expect(() => resolveStage('staging', { ...overrides, pixApiReceiverAgencia: '0001' })).toThrow(
      /pixApiReceiverConta/,
    );
  });
});
