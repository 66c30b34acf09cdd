import { describe, expect, it } from 'vitest';
import { devolucaoIdFor } from '../../shared/rails/api-pix/devolucao-id.ts';
import { refundStatusOf } from '../../shared/rails/api-pix/devolucao-status.ts';
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
