import { describe, expect, it } from 'vitest';
import { devolucaoIdFor } from '../../shared/rails/api-pix/devolucao-id.ts';
import { refundStatusOf } from '../../shared/rails/api-pix/devolucao-status.ts';
import { medDisputesOf } from '../../shared/rails/api-pix/med-disputes.ts';
import { newRefundId } from '../../shared/refunds/refund.ts';

describe('devolução id', () => {
  it('is the same for the same refund, different for another, and fits DevolucaoId ([a-zA-Z0-9]{1,35})', () => {
    const refundId = newRefundId('1234567890123456789');
    expect(devolucaoIdFor(refundId)).toBe(devolucaoIdFor(refundId));
    expect(devolucaoIdFor(refundId)).toMatch(/^[a-zA-Z0-9]{35}$/);
    expect(devolucaoIdFor(newRefundId('1234567890123456789'))).not.toBe(devolucaoIdFor(refundId));
  });
});

describe('devolução status → refund status', () => {
  it('EM_PROCESSAMENTO → PENDING, DEVOLVIDO → SUCCEEDED, NAO_REALIZADO → FAILED with the motivo', () => {
    expect(refundStatusOf({ status: 'EM_PROCESSAMENTO' })).toEqual({ status: 'PENDING' });
    expect(refundStatusOf({ status: 'DEVOLVIDO' })).toEqual({ status: 'SUCCEEDED' });
    expect(refundStatusOf({ status: 'NAO_REALIZADO', motivo: 'Conta do pagador encerrada' })).toEqual({
      status: 'FAILED',
      reason: 'Conta do pagador encerrada',
    });
    expect(refundStatusOf({ status: 'NAO_REALIZADO' })).toMatchObject({ status: 'FAILED' });
  });
});

describe('MED devoluções → disputes', () => {
  const devolucao = { rtrId: `D${'1'.repeat(31)}`, horario: {} };
  it('MED natures are disputes: EM_PROCESSAMENTO OPEN, DEVOLVIDO LOST, NAO_REALIZADO WON (nothing taken); ours (ORIGINAL) never are', () => {
    expect(
      medDisputesOf([
        {
          devolucoes: [
            { ...devolucao, id: 'ours', valor: '1.00', natureza: 'ORIGINAL', status: 'DEVOLVIDO' },
            { ...devolucao, id: 'fraud', valor: '2.50', natureza: 'MED_FRAUDE', status: 'DEVOLVIDO' },
            {
              ...devolucao,
              id: 'op',
              valor: '0.10',
              natureza: 'MED_OPERACIONAL',
              status: 'EM_PROCESSAMENTO',
            },
            { ...devolucao, id: 'refused', valor: '3.00', natureza: 'MED_FRAUDE', status: 'NAO_REALIZADO' },
            {
              ...devolucao,
              id: 'auto',
              valor: '4.00',
              natureza: 'MED_PIX_AUTOMATICO',
              status: 'DEVOLVIDO',
              motivo: 'reembolso',
            },
          ],
        },
        {},
      ]),
    ).toEqual([
      { railId: 'fraud', amount: 250, reason: 'MED_FRAUDE', status: 'LOST' },
      { railId: 'op', amount: 10, reason: 'MED_OPERACIONAL', status: 'OPEN' },
      { railId: 'refused', amount: 300, reason: 'MED_FRAUDE', status: 'WON' },
      { railId: 'auto', amount: 400, reason: 'MED_PIX_AUTOMATICO: reembolso', status: 'LOST' },
    ]);
  });
});
