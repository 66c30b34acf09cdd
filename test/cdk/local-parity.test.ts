// The local stack's functions are the synthesized ones: environment and policy come from the
// CDK app built for a local stage, with intrinsics given local values.
import { describe, expect, it } from 'vitest';
import { awsBatchesAtOnce } from '../../infra/local/event-source.ts';
import { buildFunctionManifest } from '../../infra/local/parity/function-manifest.ts';
import { localFunctions } from '../../infra/local/parity/local-functions.ts';
import { resolveStage } from '../../infra/stages.ts';
import { routeList } from '../../shared/route-table.ts';

const manifest = buildFunctionManifest({
  sandboxRails: true,
  pixApi: {
    baseUrl: 'https://psp.local/api/v2',
    chave: 'chave',
    clientId: 'client',
    secretArn: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:pix-AbCdEf',
  },
});
const queue = (name: string) => ({
  name,
  url: `http://sqs.local/000000000000/cashin-local-${name}`,
  arn: `arn:aws:sqs:us-east-1:000000000000:cashin-local-${name}`,
  dlqUrl: `http://sqs.local/000000000000/cashin-local-${name}-dlq`,
  dlqName: `cashin-local-${name}-dlq`,
  queueName: `cashin-local-${name}`,
});
const functions = localFunctions(
  manifest,
  {
    tableName: 'cashin-local',
    queues: {
      'fill-instruction': queue('fill-instruction'),
      'watch-payment': queue('watch-payment'),
      'deliver-event': queue('deliver-event'),
      'settle-refund': queue('settle-refund'),
      'send-email': queue('send-email'),
    },
    bucket: 'cashin-local-images',
    exportsBucket: 'cashin-local-exports',
    secretsKeyArn: 'arn:aws:kms:us-east-1:000000000000:key/local',
    pixApiSecretArn: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:pix',
    publicBaseUrl: 'http://localhost:3000',
    imageBaseUrl: 'http://localhost:3000/_images',
    endpoints: { dynamodb: 'http://d', sqs: 'http://q', s3: 'http://s', kms: 'http://k', lambda: 'http://l' },
    region: 'us-east-1',
  },
  { LOG_LEVEL: 'silent', PIX_API_CLIENT_SECRET: 'secret', PAYMENT_POLL_SCHEDULE: '1s' },
);

describe('local functions, from the synthesized stack', () => {
  it('has one per route, worker and schedule the stage deploys', () => {
    for (const route of routeList()) expect(functions.has(`route:${route.name}`), route.name).toBe(true);
    expect(functions.has('queue:watch-payment')).toBe(true);
    expect(functions.has('schedule:sweepPendingWork')).toBe(true);
  });

  it("carries each worker's event source concurrency, which the local event source runs as Lambda would (five batches at once at most)", () => {
    const { capacity } = resolveStage('local');
    for (const [name, reserved] of Object.entries(capacity.workers)) {
      const worker = functions.get(`queue:${name}`)!;
      expect(worker.eventSourceMaxConcurrency, name).toBe(Math.max(2, reserved));
      expect(awsBatchesAtOnce(worker.eventSourceMaxConcurrency), name).toBe(
        Math.min(5, Math.max(2, reserved)),
      );
    }
    expect(functions.get('route:createPurchase')!.eventSourceMaxConcurrency).toBeUndefined();
  });

  it('gives each only the wiring its row grants, with local values', () => {
    const page = functions.get('route:showBoletoPage')!.environment;
    expect(page.TABLE_NAME).toBe('cashin-local');
    expect(page.PUBLIC_BASE_URL).toBe('http://localhost:3000');
    expect(page).not.toHaveProperty('WEBHOOK_SECRETS_KEY_ID');
    expect(page).not.toHaveProperty('QUEUE_URL_FILL_INSTRUCTION');
    expect(functions.get('route:createPurchase')!.environment.QUEUE_URL_FILL_INSTRUCTION).toBe(
      'http://sqs.local/000000000000/cashin-local-fill-instruction',
    );
    expect(functions.get('route:rotateWebhookSecret')!.environment.WEBHOOK_SECRETS_KEY_ID).toBe(
      'arn:aws:kms:us-east-1:000000000000:key/local',
    );
  });

  it("keeps a stage's rail settings and the stand-ins for its secret to the rail's functions", () => {
    const worker = functions.get('queue:fill-instruction')!.environment;
    expect(worker.PIX_API_BASE_URL).toBe('https://psp.local/api/v2');
    expect(worker.PIX_API_CLIENT_SECRET).toBe('secret');
    expect(worker).not.toHaveProperty('PIX_API_SECRET_ID');
    const page = functions.get('route:showPixPage')!.environment;
    expect(page).not.toHaveProperty('PIX_API_BASE_URL');
    expect(page).not.toHaveProperty('PIX_API_CLIENT_SECRET');
    // A tuning setting is everyone's.
    expect(page.PAYMENT_POLL_SCHEDULE).toBe('1s');
  });

  it("resolves each policy's resources to the local table, queues and key", () => {
    const statements = JSON.stringify(functions.get('queue:deliver-event')!.policy);
    expect(statements).toContain('arn:aws:dynamodb:us-east-1:000000000000:table/cashin-local');
    expect(statements).toContain('arn:aws:sqs:us-east-1:000000000000:cashin-local-deliver-event-dlq');
    expect(statements).toContain('arn:aws:kms:us-east-1:000000000000:key/local');
    expect(statements).not.toContain('Fn::');
  });
});
