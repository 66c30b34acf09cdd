// What a devolução's status means for our refund (pure).
import type { RailRefundStatus } from '../rail-port.ts';
import type { Devolucao } from './api-pix-client.ts';

/** EM_PROCESSAMENTO: asked again later; DEVOLVIDO: the money went back; NAO_REALIZADO: refused, with the PSP's `motivo`. */
export function refundStatusOf(devolucao: Pick<Devolucao, 'status' | 'motivo'>): RailRefundStatus {
  if (devolucao.status === 'DEVOLVIDO') return { status: 'SUCCEEDED' };
  if (devolucao.status === 'NAO_REALIZADO')
    return { status: 'FAILED', reason: devolucao.motivo?.trim() || 'the PSP did not make the devolução' };
  return { status: 'PENDING' };
}
