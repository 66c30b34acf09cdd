import { randomBytes } from 'node:crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { activeSigningSecrets, signWebhook } from '../../shared/webhooks/sign.ts';

const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
const payload = JSON.stringify({
  id: 'evt_1',
  type: 'cashin.paid',
  createdAt: '2026-01-01T00:00:00.000Z',
  data: { id: '1', status: 'PAID' },
});

describe('signWebhook', () => {
  it('produces Standard Webhooks headers that verify with the secret', () => {
    const secret = newSecret();
    const timestamp = new Date();
    const headers = signWebhook({ id: 'evt_1', timestamp, payload, secrets: [secret] });
    expect(headers['webhook-id']).toBe('evt_1');
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(timestamp.getTime() / 1000)));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(payload, headers)).toEqual(JSON.parse(payload));
  });

  it('signs once per secret during a rotation, and each secret verifies on its own', () => {
    const oldSecret = newSecret();
    const currentSecret = newSecret();
    const headers = signWebhook({
      id: 'evt_2',
      timestamp: new Date(),
      payload,
      secrets: [currentSecret, oldSecret],
    });
    const parts = headers['webhook-signature'].split(' ');
    expect(parts).toHaveLength(2);
    for (const part of parts) expect(part).toMatch(/^v1,/);
    expect(new Webhook(oldSecret).verify(payload, headers)).toEqual(JSON.parse(payload));
    expect(new Webhook(currentSecret).verify(payload, headers)).toEqual(JSON.parse(payload));
    expect(() => new Webhook(newSecret()).verify(payload, headers)).toThrow(WebhookVerificationError);
  });

  it('signs exactly as the standardwebhooks package does, non-ASCII bodies included', () => {
    for (const body of [payload, JSON.stringify({ description: 'Pão de queijo — nº 1 ✓' }), '']) {
      const secret = newSecret();
      const timestamp = new Date('2026-11-27T02:31:56.789Z');
      const headers = signWebhook({ id: 'evt_4', timestamp, payload: body, secrets: [secret] });
      expect(headers['webhook-signature']).toBe(new Webhook(secret).sign('evt_4', timestamp, body));
    }
  });

  it('does not sign twice with the same secret', () => {
    const secret = newSecret();
    const headers = signWebhook({ id: 'evt_3', timestamp: new Date(), payload, secrets: [secret, secret] });
    expect(headers['webhook-signature'].split(' ')).toHaveLength(1);
  });

  it('fails verification when the payload, id or timestamp is tampered with', () => {
    const secret = newSecret();
    const timestamp = new Date();
    const headers = signWebhook({ id: 'evt_4', timestamp, payload, secrets: [secret] });
    const verifier = new Webhook(secret);
    expect(() => verifier.verify(payload.replace('PAID', 'PAYD'), headers)).toThrow(WebhookVerificationError);
    expect(() => verifier.verify(`${payload} `, headers)).toThrow(WebhookVerificationError);
    expect(() => verifier.verify(payload, { ...headers, 'webhook-id': 'evt_5' })).toThrow(
      WebhookVerificationError,
    );
    expect(() =>
      verifier.verify(payload, {
        ...headers,
        'webhook-timestamp': String(Number(headers['webhook-timestamp']) + 1),
      }),
    ).toThrow(WebhookVerificationError);
  });

  it('refuses to sign without a secret', () => {
    expect(() => signWebhook({ id: 'evt_6', timestamp: new Date(), payload, secrets: [] })).toThrow(/secret/);
  });
});

describe('activeSigningSecrets', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');

  it('keeps secrets without expiry and those expiring later, newest first', () => {
    const secrets = [
      { secret: 'whsec_old', createdAt: '2026-01-01T00:00:00.000Z', expiresAt: '2026-03-11T11:00:00.000Z' },
      { secret: 'whsec_new', createdAt: new Date('2026-03-10T11:00:00.000Z') },
    ];
    expect(activeSigningSecrets(secrets, now)).toEqual(['whsec_new', 'whsec_old']);
  });

  it('drops secrets whose expiry has passed, including at the exact instant', () => {
    const secrets = [
      {
        secret: 'whsec_expired',
        createdAt: '2025-12-01T00:00:00.000Z',
        expiresAt: '2026-03-10T11:59:59.999Z',
      },
      { secret: 'whsec_boundary', createdAt: '2026-01-01T00:00:00.000Z', expiresAt: now },
      { secret: 'whsec_current', createdAt: '2026-03-09T12:00:00.000Z', expiresAt: null },
    ];
    expect(activeSigningSecrets(secrets, now)).toEqual(['whsec_current']);
  });

  it('lets a secret created a moment "in the future" (clock skew) sign', () => {
    const secrets = [{ secret: 'whsec_fresh', createdAt: new Date(now.getTime() + 2000) }];
    expect(activeSigningSecrets(secrets, now)).toEqual(['whsec_fresh']);
  });

  it('feeds signWebhook: both secrets verify during the 24 h overlap, only the new one after', () => {
    const oldSecret = newSecret();
    const currentSecret = newSecret();
    const rotatedAt = new Date();
    const secrets = [
      {
        secret: oldSecret,
        createdAt: new Date(rotatedAt.getTime() - 90 * 86_400_000),
        expiresAt: new Date(rotatedAt.getTime() + 86_400_000),
      },
      { secret: currentSecret, createdAt: rotatedAt },
    ];
    const during = signWebhook({
      id: 'evt_7',
      timestamp: new Date(),
      payload,
      secrets: activeSigningSecrets(secrets, rotatedAt),
    });
    expect(() => new Webhook(oldSecret).verify(payload, during)).not.toThrow();
    expect(() => new Webhook(currentSecret).verify(payload, during)).not.toThrow();

    const afterOverlap = activeSigningSecrets(secrets, new Date(rotatedAt.getTime() + 86_400_000 + 1));
    expect(afterOverlap).toEqual([currentSecret]);
    const after = signWebhook({ id: 'evt_7', timestamp: new Date(), payload, secrets: afterOverlap });
    expect(() => new Webhook(oldSecret).verify(payload, after)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(currentSecret).verify(payload, after)).not.toThrow();
  });
});
