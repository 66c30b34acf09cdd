// The MED devoluções of a charge's Pix (pure): money the payer's bank took back through the
// Special Return Mechanism, never asked by us (ours are ORIGINAL). A NAO_REALIZADO one took
// nothing: WON, which closes the dispute it was while EM_PROCESSAMENTO.
import type { RailDispute } from '../rail-port.ts';
import type { Devolucao, ReceivedPix } from './api-pix-client.ts';

const medNaturezas = new Set(['MED_OPERACIONAL', 'MED_FRAUDE', 'MED_PIX_AUTOMATICO']);

const statusOf: Record<Devolucao['status'], RailDispute['status']> = {
  EM_PROCESSAMENTO: 'OPEN',
  DEVOLVIDO: 'LOST',
  NAO_REALIZADO: 'WON',
};

export function medDisputesOf(pix: readonly Pick<ReceivedPix, 'devolucoes'>[]): RailDispute[] {
  return pix.flatMap((received) =>
    (received.devolucoes ?? [])
      .filter((d) => d.natureza && medNaturezas.has(d.natureza))
      .map((d) => ({
        railId: d.id,
        amount: Math.round(Number(d.valor) * 100),
        reason: d.motivo ? `${d.natureza}: ${d.motivo}` : d.natureza!,
        status: statusOf[d.status],
      })),
  );
}
