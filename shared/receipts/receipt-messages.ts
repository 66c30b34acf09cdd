import type { PageLang } from '../hosted-pages/render/view-models.ts';

// Receipt copy, in the payer's language (plain text: renderers escape it).
export interface ReceiptMessages {
  title: string;
  intro: string;
  merchant: string;
  product: string;
  offer: string;
  description: string;
  amount: string;
  method: string;
  paidAt: string;
  transaction: string;
  boletoLine: string;
  pixEndToEndId: string;
  downloadPdf: string;
  viewReceipt: string;
  sandboxNote: string;
}

const en: ReceiptMessages = {
  title: 'Payment receipt',
  intro: 'This payment has been received.',
  merchant: 'Paid to',
  product: 'Product',
  offer: 'Offer',
  description: 'Description',
  amount: 'Amount paid',
  method: 'Payment method',
  paidAt: 'Paid on',
  transaction: 'Transaction',
  boletoLine: 'Boleto digitable line',
  pixEndToEndId: 'Pix end-to-end ID',
  downloadPdf: 'Download receipt (PDF)',
  viewReceipt: 'View receipt',
  sandboxNote: 'Sandbox: a test payment, no real money was moved.',
};

const ptBR: ReceiptMessages = {
  title: 'Comprovante de pagamento',
  intro: 'Este pagamento foi recebido.',
  merchant: 'Pago a',
  product: 'Produto',
  offer: 'Oferta',
  description: 'Descrição',
  amount: 'Valor pago',
  method: 'Forma de pagamento',
  paidAt: 'Pago em',
  transaction: 'Transação',
  boletoLine: 'Linha digitável do boleto',
  pixEndToEndId: 'ID fim a fim do Pix',
  downloadPdf: 'Baixar comprovante (PDF)',
  viewReceipt: 'Ver comprovante',
  sandboxNote: 'Sandbox: pagamento de teste, nenhum dinheiro real foi movimentado.',
};

const es: ReceiptMessages = {
  title: 'Comprobante de pago',
  intro: 'Este pago fue recibido.',
  merchant: 'Pagado a',
  product: 'Producto',
  offer: 'Oferta',
  description: 'Descripción',
  amount: 'Monto pagado',
  method: 'Medio de pago',
  paidAt: 'Pagado el',
  transaction: 'Transacción',
  boletoLine: 'Línea digitable del boleto',
  pixEndToEndId: 'ID de extremo a extremo de Pix',
  downloadPdf: 'Descargar comprobante (PDF)',
  viewReceipt: 'Ver comprobante',
  sandboxNote: 'Sandbox: pago de prueba, no se movió dinero real.',
};

const byLang: Record<PageLang, ReceiptMessages> = { en, 'pt-BR': ptBR, 'es-CO': es, 'es-BO': es };

export function receiptMessagesFor(lang: PageLang): ReceiptMessages {
  return byLang[lang];
}
