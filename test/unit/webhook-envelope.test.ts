import { describe, expect, it } from 'vitest';
import { buildEnvelope } from '../../shared/webhooks/envelope.ts';

describe('buildEnvelope', () => {
  const data = {
    id: '1767225600000123456',
    externalId: 'order-42',
    status: 'PAID',
    amount: 150000,
    paidAt: '2026-01-01T00:05:00.000Z',
  };

  it('writes id, type, createdAt, data in that order', () => {
    const payload = buildEnvelope({
      data,
      createdAt: new Date('2026-01-01T00:05:01.000Z'),
      type: 'cashin.paid',
      eventId: 'evt_abc',
    });
    expect(payload).toBe(
      '{"id":"evt_abc","type":"cashin.paid","createdAt":"2026-01-01T00:05:01.000Z","data":' +
        '{"id":"1767225600000123456","externalId":"order-42","status":"PAID","amount":150000,"paidAt":"2026-01-01T00:05:00.000Z"}}',
    );
    expect(Object.keys(JSON.parse(payload))).toEqual(['id', 'type', 'createdAt', 'data']);
  });

  it('is deterministic, so every retry signs the same bytes', () => {
    const input = { eventId: 'evt_1', type: 'cashin.paid', createdAt: '2026-01-01T00:05:01Z', data } as const;
    expect(buildEnvelope(input)).toBe(buildEnvelope({ ...input }));
    expect(JSON.parse(buildEnvelope(input)).createdAt).toBe('2026-01-01T00:05:01.000Z');
  });

  it('refuses ids that are not event ids and dates that are not dates', () => {
    expect(() =>
      buildEnvelope({ eventId: 'prd_1', type: 'cashin.paid', createdAt: new Date(), data }),
    ).toThrow(/evt_/);
    expect(() =>
      buildEnvelope({ eventId: 'evt_1', type: 'cashin.paid', createdAt: 'yesterday', data }),
    ).toThrow(/createdAt/);
  });
});
