// The Pix Automático parts of the API Pix (`/locrec`, `/rec`, `/solicrec`, `/cobr`) as this
// service sends and reads them: the subset of the 2.9.0 document's schemas we use (RecSolicitada,
// RecCompleta, SolicRecSolicitada/Completa, CobRSolicitada, CobRCompleta, the notifications).

export const periodicidades = ['SEMANAL', 'MENSAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export type Periodicidade = (typeof periodicidades)[number];

export type RecStatus = 'CRIADA' | 'APROVADA' | 'REJEITADA' | 'EXPIRADA' | 'CANCELADA';
export type CobRStatus = 'CRIADA' | 'ATIVA' | 'CONCLUIDA' | 'EXPIRADA' | 'REJEITADA' | 'CANCELADA';
export type Solicitante = 'PSP_PAGADOR' | 'USUARIO_PAGADOR' | 'PSP_RECEBEDOR' | 'USUARIO_RECEBEDOR';
export type TipoConta = 'CORRENTE' | 'POUPANCA' | 'PAGAMENTO';

export type Devedor = { cpf: string; nome: string } | { cnpj: string; nome: string };

/** `POST /rec` (RecSolicitada). */
export interface RecRequest {
  vinculo: { contrato: string; devedor: Devedor; objeto?: string };
  calendario: { dataInicial: string; dataFinal?: string; periodicidade: Periodicidade };
  valor: { valorRec: string };
  politicaRetentativa: 'NAO_PERMITE' | 'PERMITE_3R_7D';
  /** The `/locrec` id the recurrence's QR points to (journeys 2 and 3). */
  loc?: number;
  /** Journey 3: the immediate charge paid together with the authorization. */
  ativacao?: { dadosJornada: { txid: string } };
}

export interface RecEncerramento {
  rejeicao?: { codigo: string; descricao: string };
  cancelamento?: { solicitante: Solicitante; codigo: string; descricao: string };
}

/** `GET /rec/{idRec}` (RecCompleta), the parts we read. */
export interface Rec {
  idRec: string;
  status: RecStatus;
  vinculo: { contrato: string; devedor: Devedor; objeto?: string };
  calendario: { dataInicial: string; dataFinal?: string; periodicidade: Periodicidade };
  valor?: { valorRec?: string };
  politicaRetentativa?: 'NAO_PERMITE' | 'PERMITE_3R_7D';
  loc?: { id: number; location: string; criacao: string; idRec?: string };
  atualizacao: Array<{ status: RecStatus; data: string }>;
  encerramento?: RecEncerramento;
  ativacao?: { tipoJornada: string; dadosJornada?: { txid: string } };
  solicitacao?: SolicRec[];
  dadosQR?: { jornada?: string; pixCopiaECola?: string };
}

/** The payer's bank account a journey-1 request goes to (SolicRecSolicitada.destinatario). */
export interface PayerBankAccount {
  /** ISPB of the payer's PSP: 8 characters. */
  ispbParticipante: string;
  agencia?: string;
  conta: string;
}

/** `POST /solicrec` (SolicRecSolicitada). */
export interface SolicRecRequest {
  idRec: string;
  calendario: { dataExpiracaoSolicitacao: string };
  destinatario: PayerBankAccount & ({ cpf: string } | { cnpj: string });
}

export interface SolicRec {
  idSolicRec: string;
  idRec: string;
  status: 'CRIADA' | 'ENVIADA' | 'RECEBIDA' | 'REJEITADA' | 'ACEITA' | 'EXPIRADA' | 'CANCELADA';
  calendario: { dataExpiracaoSolicitacao: string };
}

/** The receiver's account the PSP credits (DadosBancariosRecebedor). */
export interface ReceiverAccount {
  agencia?: string;
  conta: string;
  tipoConta: TipoConta;
}

/** `PUT /cobr/{txid}` (CobRSolicitada). */
export interface CobRRequest {
  idRec: string;
  infoAdicional?: string;
  calendario: { dataDeVencimento: string };
  valor: { original: string };
  ajusteDiaUtil: boolean;
  recebedor: ReceiverAccount;
}

export type TentativaStatus = 'SOLICITADA' | 'AGENDADA' | 'PAGA' | 'CANCELADA' | 'REJEITADA' | 'EXPIRADA';

export interface Tentativa {
  dataLiquidacao: string;
  tipo: 'AGND' | 'NTAG' | 'RIFL';
  status: TentativaStatus;
  endToEndId: string;
  rejeicao?: { codigo: string; descricao: string };
}

/** `GET /cobr/{txid}` (CobRCompleta), the parts we read. */
export interface CobR {
  idRec: string;
  txid: string;
  status: CobRStatus;
  calendario: { criacao: string; dataDeVencimento: string };
  valor: { original: string };
  politicaRetentativa?: 'NAO_PERMITE' | 'PERMITE_3R_7D';
  atualizacao: Array<{ status: CobRStatus; data: string }>;
  encerramento?: {
    cancelamento?: { solicitante: Solicitante; codigo: string; descricao: string };
    rejeicao?: { codigo: string; descricao: string };
  };
  tentativas?: Tentativa[];
  pix?: Array<{ endToEndId: string; txid: string; valor: string; horario: string }>;
}
