import { describe, expect, it } from 'vitest';
import { billingCycles } from '../../shared/catalog/offer.ts';
import {
  cycleChargeWindow,
  isInsideCycleChargeWindow,
  nextRetryDate,
  retryDatesAllowed,
} from '../../shared/rails/api-pix/cycle-charge-window.ts';
import { cycleInTxid, cycleTxidFor } from '../../shared/rails/api-pix/cycle-txid.ts';
import { billingCycleFor, periodicidadeFor } from '../../shared/rails/api-pix/periodicidade.ts';
import { periodicidades } from '../../shared/rails/api-pix/pix-automatico-types.ts';
import { journeyFor } from '../../shared/rails/api-pix/recurrence-journey.ts';
import {
  cobrRequestFor,
  contractFor,
  recRequestFor,
  solicRecRequestFor,
} from '../../shared/rails/api-pix/recurrence-request.ts';
import { cycleChargeStateOf, recurrenceStateOf } from '../../shared/rails/api-pix/recurrence-status.ts';
import { transactionIdInTxid } from '../../shared/rails/api-pix/txid.ts';
import { transactionStatuses } from '../../shared/transactions/transaction.ts';

const subscriptionId = 'sub_0b7c4e8a-3f51-4d7e-9a2b-6c1d2e3f4a5b';
const terms = {
  subscriptionId,
  description: 'Plano Mensal do Curso de Violão Avançado',
  amountCents: 4990,
  billingCycle: 'MONTHLY' as const,
  firstDueDate: '2026-12-10',
  customer: { name: 'Ana Souza', document: '12345678909' },
};

describe('billing cycle → periodicidade', () => {
  it('maps each billing cycle to its own periodicidade and back', () => {
    expect(billingCycles.map(periodicidadeFor)).toEqual([
      'SEMANAL',
      'MENSAL',
      'TRIMESTRAL',
      'SEMESTRAL',
      'ANUAL',
    ]);
    expect(new Set(billingCycles.map(periodicidadeFor)).size).toBe(periodicidades.length);
    for (const cycle of billingCycles) expect(billingCycleFor(periodicidadeFor(cycle))).toBe(cycle);
  });
});

describe('the recurrence body', () => {
  it('binds the offer and the customer, the cycle, the fixed amount and PERMITE_3R_7D', () => {
    expect(recRequestFor(terms)).toEqual({
      vinculo: {
        contrato: 'sub0b7c4e8a3f514d7e9a2b6c1d2e3f4a5b',
        devedor: { cpf: '12345678909', nome: 'Ana Souza' },
        objeto: 'Plano Mensal do Curso de Violão Ava',
      },
      calendario: { dataInicial: '2026-12-10', periodicidade: 'MENSAL' },
      valor: { valorRec: '49.90' },
      politicaRetentativa: 'PERMITE_3R_7D',
    });
  });

  it('names a company payer by CNPJ, and carries the location and journey 3 charge when given', () => {
    const body = recRequestFor(
      { ...terms, customer: { name: 'Loja Ltda', document: '12345678000195' }, endDate: '2027-12-10' },
      { loc: 5001, firstChargeTxid: cycleTxidFor(subscriptionId, 1) },
    );
    expect(body.vinculo.devedor).toEqual({ cnpj: '12345678000195', nome: 'Loja Ltda' });
    expect(body.calendario.dataFinal).toBe('2027-12-10');
    expect(body.loc).toBe(5001);
    expect(body.ativacao).toEqual({ dadosJornada: { txid: cycleTxidFor(subscriptionId, 1) } });
  });

  it('keeps the contract within 35 characters and refuses an id that cannot fit', () => {
    expect(contractFor(subscriptionId)).toHaveLength(35);
    expect(() => contractFor(`${subscriptionId}x`)).toThrow(/1 to 35/);
  });

  it('journey 1 sends the request to the payer account with the document; /cobr credits the receiver', () => {
    expect(
      solicRecRequestFor(
        'RR1234567820261126abcdefghijk',
        {
          document: '12345678909',
          bankAccount: { ispbParticipante: '87654321', agencia: '0001', conta: '123456' },
        },
        '2026-12-08T23:59:59-03:00',
      ),
    ).toEqual({
      idRec: 'RR1234567820261126abcdefghijk',
      calendario: { dataExpiracaoSolicitacao: '2026-12-08T23:59:59-03:00' },
      destinatario: { ispbParticipante: '87654321', agencia: '0001', conta: '123456', cpf: '12345678909' },
    });
    expect(
      cobrRequestFor(
        {
          idRec: 'RR1234567820261126abcdefghijk',
          dueDate: '2027-01-10',
          amountCents: 4990,
          description: 'Ciclo 2',
        },
        { agencia: '0001', conta: '998877', tipoConta: 'CORRENTE' },
      ),
    ).toEqual({
      idRec: 'RR1234567820261126abcdefghijk',
      infoAdicional: 'Ciclo 2',
      calendario: { dataDeVencimento: '2027-01-10' },
      valor: { original: '49.90' },
      ajusteDiaUtil: true,
      recebedor: { agencia: '0001', conta: '998877', tipoConta: 'CORRENTE' },
    });
  });
});

describe('journey choice', () => {
  const today = '2026-11-26';
  it('3 when the first cycle is due within 2 days (no /cobr could reach the payer in time)', () => {
    expect(journeyFor({ firstDueDate: today, today, payerBankAccount: false })).toBe(3);
    expect(journeyFor({ firstDueDate: '2026-11-27', today, payerBankAccount: true })).toBe(3);
  });
  it('1 with the payer bank account, else 2, when the first cycle is 2 days away or more', () => {
    expect(journeyFor({ firstDueDate: '2026-11-28', today, payerBankAccount: true })).toBe(1);
    expect(journeyFor({ firstDueDate: '2026-11-28', today, payerBankAccount: false })).toBe(2);
    expect(journeyFor({ firstDueDate: '2026-12-26', today, payerBankAccount: false })).toBe(2);
  });
});

describe('cycle charge window and retries', () => {
  it('opens 10 days and closes 2 days before the due date, across a month end', () => {
    expect(cycleChargeWindow('2026-12-05')).toEqual({ opensOn: '2026-11-25', closesOn: '2026-12-03' });
    expect(isInsideCycleChargeWindow('2026-12-05', '2026-11-24')).toBe(false);
    expect(isInsideCycleChargeWindow('2026-12-05', '2026-11-25')).toBe(true);
    expect(isInsideCycleChargeWindow('2026-12-05', '2026-12-03')).toBe(true);
    expect(isInsideCycleChargeWindow('2026-12-05', '2026-12-04')).toBe(false);
  });

  it('allows retries on the 7 days after the due date, later than today and the last attempt, 3 at most', () => {
    const due = '2026-12-05';
    expect(retryDatesAllowed(due, [due], '2026-12-05')).toEqual([
      '2026-12-06',
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
      '2026-12-12',
    ]);
    expect(nextRetryDate(due, [due], '2026-12-01')).toBe('2026-12-06');
    expect(nextRetryDate(due, [due, '2026-12-07'], '2026-12-07')).toBe('2026-12-08');
    expect(nextRetryDate(due, [due], '2026-12-12')).toBeNull();
    expect(nextRetryDate(due, [due, '2026-12-06', '2026-12-07', '2026-12-08'], '2026-12-08')).toBeNull();
  });
});

describe('cycle txid', () => {
  it('is the same for the same (subscription, cycle), differs otherwise, and fits TxId', () => {
    const txid = cycleTxidFor(subscriptionId, 3);
    expect(txid).toBe(cycleTxidFor(subscriptionId, 3));
    expect(txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    expect(cycleTxidFor(subscriptionId, 4)).not.toBe(txid);
    expect(cycleTxidFor('sub_other', 3)).not.toBe(txid);
    expect(cycleInTxid(txid)).toBe(3);
    // Never read as a one-off transaction's txid by the /pix notification handler.
    expect(transactionIdInTxid(txid)).toBeNull();
    expect(() => cycleTxidFor(subscriptionId, 0)).toThrow(RangeError);
  });
});

describe('rec status → subscription', () => {
  it('CRIADA waits, APROVADA runs, REJEITADA and EXPIRADA never authorized, CANCELADA names who asked', () => {
    expect(recurrenceStateOf({ status: 'CRIADA' })).toMatchObject({
      status: 'PENDING_AUTHORIZATION',
      reason: null,
    });
    expect(recurrenceStateOf({ status: 'APROVADA' })).toMatchObject({ status: 'ACTIVE', reason: null });
    expect(
      recurrenceStateOf({
        status: 'REJEITADA',
        encerramento: { rejeicao: { codigo: 'AP13', descricao: 'Recusada' } },
      }),
    ).toEqual({ status: 'EXPIRED', reason: 'PAYER_DECLINED', detail: 'Recusada' });
    expect(recurrenceStateOf({ status: 'EXPIRADA' })).toMatchObject({
      status: 'EXPIRED',
      reason: 'AUTHORIZATION_EXPIRED',
    });
    const canceled = (
      solicitante: 'USUARIO_PAGADOR' | 'PSP_PAGADOR' | 'USUARIO_RECEBEDOR' | 'PSP_RECEBEDOR',
    ) =>
      recurrenceStateOf({
        status: 'CANCELADA',
        encerramento: { cancelamento: { solicitante, codigo: 'SLDB', descricao: 'x' } },
      }).reason;
    expect(canceled('USUARIO_PAGADOR')).toBe('PAYER_CANCELED');
    expect(canceled('PSP_PAGADOR')).toBe('PAYER_CANCELED');
    expect(canceled('USUARIO_RECEBEDOR')).toBe('MERCHANT_CANCELED');
    expect(canceled('PSP_RECEBEDOR')).toBe('PSP_CANCELED');
    expect(recurrenceStateOf({ status: 'CANCELADA' })).toMatchObject({
      status: 'CANCELED',
      reason: 'PSP_CANCELED',
    });
  });
});

describe('cobr status → cycle transaction', () => {
  const attempt = (dataLiquidacao: string, status: 'AGENDADA' | 'REJEITADA' | 'PAGA') => ({
    dataLiquidacao,
    tipo: 'AGND' as const,
    status,
    endToEndId: 'E12345678202612051200abcdefghijk',
    ...(status === 'REJEITADA' ? { rejeicao: { codigo: 'AM02', descricao: 'Débito não realizado' } } : {}),
  });
  it('maps to transaction statuses, flags a failed debit and lists the attempts', () => {
    const waiting = cycleChargeStateOf({ status: 'ATIVA', tentativas: [attempt('2026-12-05', 'AGENDADA')] });
    expect(waiting).toMatchObject({ status: 'PENDING', lastDebitFailed: false, attempts: ['2026-12-05'] });
    const failed = cycleChargeStateOf({ status: 'ATIVA', tentativas: [attempt('2026-12-05', 'REJEITADA')] });
    expect(failed).toMatchObject({ status: 'PENDING', lastDebitFailed: true });
    const paid = cycleChargeStateOf({
      status: 'CONCLUIDA',
      pix: [{ endToEndId: 'E1', txid: 't', valor: '49.90', horario: '2026-12-06T12:00:00-03:00' }],
    });
    expect(paid).toMatchObject({
      status: 'PAID',
      paid: { paidAt: '2026-12-06T15:00:00.000Z', endToEndId: 'E1' },
    });
    expect(
      cycleChargeStateOf({ status: 'EXPIRADA', tentativas: [attempt('2026-12-05', 'REJEITADA')] }),
    ).toMatchObject({ status: 'FAILED', detail: 'AM02: Débito não realizado' });
    expect(cycleChargeStateOf({ status: 'REJEITADA' }).status).toBe('FAILED');
    expect(cycleChargeStateOf({ status: 'CANCELADA' }).status).toBe('CANCELED');
    for (const status of ['CRIADA', 'ATIVA', 'CONCLUIDA', 'EXPIRADA', 'REJEITADA', 'CANCELADA'] as const)
      expect(transactionStatuses).toContain(cycleChargeStateOf({ status }).status);
  });
});
