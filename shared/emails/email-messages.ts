import type { PageLang } from '../hosted-pages/render/view-models.ts';

// E-mail copy in the payer's language (plain text: the HTML renderer escapes it).
export interface EmailMessages {
  instructionSubject: (merchant: string) => string;
  receiptSubject: (merchant: string) => string;
  greeting: (name: string) => string;
  instructionIntro: (amount: string) => string;
  receiptIntro: (amount: string) => string;
  boletoLine: string;
  boletoAttached: string;
  pixCode: string;
  openPage: string;
  viewReceipt: string;
  description: string;
  transaction: string;
  footer: (merchant: string) => string;
}

const en: EmailMessages = {
  instructionSubject: (merchant) => `Your payment to ${merchant}`,
  receiptSubject: (merchant) => `Receipt: your payment to ${merchant}`,
  greeting: (name) => `Hello ${name},`,
  instructionIntro: (amount) => `Here is how to pay ${amount}.`,
  receiptIntro: (amount) => `We received your payment of ${amount}. Thank you.`,
  boletoLine: 'Boleto digitable line',
  boletoAttached: 'The boleto is attached as a PDF.',
  pixCode: 'Pix copy-and-paste code',
  openPage: 'Open the payment page',
  viewReceipt: 'View the receipt',
  description: 'Description',
  transaction: 'Transaction',
  footer: (merchant) => `Sent on behalf of ${merchant}.`,
};

const ptBR: EmailMessages = {
  instructionSubject: (merchant) => `Seu pagamento para ${merchant}`,
  receiptSubject: (merchant) => `Comprovante: seu pagamento para ${merchant}`,
  greeting: (name) => `Olá, ${name},`,
  instructionIntro: (amount) => `Veja como pagar ${amount}.`,
  receiptIntro: (amount) => `Recebemos seu pagamento de ${amount}. Obrigado.`,
  boletoLine: 'Linha digitável do boleto',
  boletoAttached: 'O boleto segue anexo em PDF.',
  pixCode: 'Código Pix copia e cola',
  openPage: 'Abrir a página de pagamento',
  viewReceipt: 'Ver o comprovante',
  description: 'Descrição',
  transaction: 'Transação',
  footer: (merchant) => `Enviado em nome de ${merchant}.`,
};

const es: EmailMessages = {
  instructionSubject: (merchant) => `Tu pago a ${merchant}`,
  receiptSubject: (merchant) => `Comprobante: tu pago a ${merchant}`,
  greeting: (name) => `Hola, ${name}:`,
  instructionIntro: (amount) => `Así puedes pagar ${amount}.`,
  receiptIntro: (amount) => `Recibimos tu pago de ${amount}. Gracias.`,
  boletoLine: 'Línea digitable del boleto',
  boletoAttached: 'El boleto va adjunto en PDF.',
  pixCode: 'Código Pix copia y pega',
  openPage: 'Abrir la página de pago',
  viewReceipt: 'Ver el comprobante',
  description: 'Descripción',
  transaction: 'Transacción',
  footer: (merchant) => `Enviado en nombre de ${merchant}.`,
};

const byLang: Record<PageLang, EmailMessages> = { en, 'pt-BR': ptBR, 'es-CO': es, 'es-BO': es };

export function emailMessagesFor(lang: PageLang): EmailMessages {
  return byLang[lang];
}
