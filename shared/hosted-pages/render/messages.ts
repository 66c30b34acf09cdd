import type { PageLang, PageStatus } from './view-models.ts';

// Page copy. Plain text only: renderers escape every string, including these.
export interface Messages {
  merchantFallback: string;
  securePage: string;
  transaction: string;
  sandboxBadge: string;
  sandboxNotice: string;
  amountToPay: string;
  amountPaid: string;
  payer: string;
  description: string;
  status: Record<PageStatus, string>;
  validUntil: string;
  paidOn: string;
  copy: string;
  copied: string;
  payButton: (amount: string) => string;
  sandboxPayHint: string;
  instructionsPending: string;
  // Boleto
  boletoTitle: string;
  dueDate: string;
  digitableLine: string;
  boletoHowTo: string;
  barcodeLabel: string;
  downloadPdf: string;
  print: string;
  // Checkout (COP); a method's name comes from its catalogue row.
  checkoutTitle: string;
  paymentMethod: string;
  pseIntro: string;
  bankSelectLabel: string;
  bankSelectPlaceholder: string;
  walletIntro: (wallet: string, lastDigits: string) => string;
  walletPhone: (wallet: string) => string;
  walletConfirm: (wallet: string) => string;
  keyIntro: (method: string) => string;
  keyLabel: (method: string) => string;
  keyQrLabel: (method: string) => string;
  transferIntro: string;
  bank: string;
  accountType: string;
  accountNumber: string;
  holder: string;
  nit: string;
  reference: string;
  // QR (BOB)
  qrTitle: string;
  qrIntro: string;
  qrImageLabel: string;
  qrText: string;
  // Status pages
  invalidTitle: string;
  invalidBody: string;
  paidTitle: string;
  paidBody: string;
  expiredTitle: string;
  expiredBody: string;
  canceledTitle: string;
  canceledBody: string;
  resultPaidTitle: string;
  resultPaidBody: string;
  resultPendingTitle: string;
  resultPendingBody: string;
  preparingTitle: string;
  automaticDebitTitle: string;
  automaticDebitBody: string;
  backToStore: string;
}

const en: Messages = {
  merchantFallback: 'Payment',
  securePage: 'Secure payment page',
  transaction: 'Transaction',
  sandboxBadge: 'Sandbox',
  sandboxNotice: 'Test environment: no real money is moved.',
  amountToPay: 'Amount to pay',
  amountPaid: 'Amount paid',
  payer: 'Payer',
  description: 'Description',
  status: { PENDING: 'Awaiting payment', PAID: 'Paid', EXPIRED: 'Expired', CANCELED: 'Canceled' },
  validUntil: 'Valid until',
  paidOn: 'Paid on',
  copy: 'Copy',
  copied: 'Copied',
  payButton: (amount) => `Pay ${amount}`,
  sandboxPayHint: 'Sandbox: the payment is simulated and confirmed at once.',
  instructionsPending: 'Payment instructions are being prepared. Refresh this page in a moment.',
  boletoTitle: 'Boleto',
  dueDate: 'Due date',
  digitableLine: 'Digitable line',
  boletoHowTo:
    "Pay in your bank's app or internet banking by copying the digitable line, or scan the barcode.",
  barcodeLabel: 'Boleto barcode',
  downloadPdf: 'Download PDF',
  print: 'Print',
  checkoutTitle: 'Checkout',
  paymentMethod: 'Payment method',
  pseIntro: 'Choose your bank to pay with PSE.',
  bankSelectLabel: 'Bank',
  bankSelectPlaceholder: 'Select your bank',
  walletIntro: (wallet, last) =>
    `You will receive a payment request in the ${wallet} app on the phone ending in ${last}.`,
  walletPhone: (wallet) => `${wallet} phone`,
  walletConfirm: (wallet) => `I confirm this is my ${wallet} phone number`,
  keyIntro: (method) =>
    `Pay from any bank app with ${method}: scan the QR code or send the amount to the key.`,
  keyLabel: (method) => `${method} key`,
  keyQrLabel: (method) => `${method} payment QR code`,
  transferIntro:
    'Make a transfer from your bank with these details. Include the reference so your payment can be identified.',
  bank: 'Bank',
  accountType: 'Account type',
  accountNumber: 'Account number',
  holder: 'Account holder',
  nit: 'NIT',
  reference: 'Reference',
  qrTitle: 'QR payment',
  qrIntro: "Scan this QR code with your bank's app.",
  qrImageLabel: 'Payment QR code',
  qrText: 'QR code content',
  invalidTitle: 'This payment link is not valid or has expired',
  invalidBody: 'Check the link you received or ask the merchant for a new one.',
  paidTitle: 'This payment has been received',
  paidBody: 'Nothing else is needed from you.',
  expiredTitle: 'This payment has expired',
  expiredBody: 'It can no longer be paid. Ask the merchant for a new payment link.',
  canceledTitle: 'This payment was canceled',
  canceledBody:
    'The merchant canceled it, so it can no longer be paid. Ask the merchant if you still need to pay.',
  resultPaidTitle: 'Payment confirmed',
  resultPaidBody: 'The payment was received. The merchant has been notified.',
  resultPendingTitle: 'Payment in progress',
  resultPendingBody: 'We are waiting for the confirmation. You can close this page.',
  preparingTitle: 'Preparing your payment',
  automaticDebitTitle: 'Paid by automatic debit',
  automaticDebitBody:
    'This charge is debited by Pix Automático from the account you authorized, on its due date. There is nothing to pay here; this page shows the payment once it is done.',
  backToStore: 'Back to the store',
};

const ptBR: Messages = {
  merchantFallback: 'Pagamento',
  securePage: 'Página de pagamento segura',
  transaction: 'Transação',
  sandboxBadge: 'Sandbox',
  sandboxNotice: 'Ambiente de testes: nenhum dinheiro real é movimentado.',
  amountToPay: 'Valor a pagar',
  amountPaid: 'Valor pago',
  payer: 'Pagador',
  description: 'Descrição',
  status: { PENDING: 'Aguardando pagamento', PAID: 'Pago', EXPIRED: 'Expirado', CANCELED: 'Cancelado' },
  validUntil: 'Válido até',
  paidOn: 'Pago em',
  copy: 'Copiar',
  copied: 'Copiado',
  payButton: (amount) => `Pagar ${amount}`,
  sandboxPayHint: 'Sandbox: o pagamento é simulado e confirmado na hora.',
  instructionsPending:
    'As instruções de pagamento estão sendo preparadas. Atualize esta página em instantes.',
  boletoTitle: 'Boleto',
  dueDate: 'Vencimento',
  digitableLine: 'Linha digitável',
  boletoHowTo:
    'Pague no app ou internet banking do seu banco copiando a linha digitável, ou escaneie o código de barras.',
  barcodeLabel: 'Código de barras do boleto',
  downloadPdf: 'Baixar PDF',
  print: 'Imprimir',
  checkoutTitle: 'Pagamento',
  paymentMethod: 'Forma de pagamento',
  pseIntro: 'Escolha seu banco para pagar com PSE.',
  bankSelectLabel: 'Banco',
  bankSelectPlaceholder: 'Selecione seu banco',
  walletIntro: (wallet, last) =>
    `Você receberá uma solicitação de pagamento no app ${wallet} do celular terminado em ${last}.`,
  walletPhone: (wallet) => `Celular ${wallet}`,
  walletConfirm: (wallet) => `Confirmo que este é o meu número ${wallet}`,
  keyIntro: (method) =>
    `Pague pelo app de qualquer banco com ${method}: escaneie o QR code ou envie o valor para a chave.`,
  keyLabel: (method) => `Chave ${method}`,
  keyQrLabel: (method) => `QR code de pagamento ${method}`,
  transferIntro:
    'Faça uma transferência do seu banco com estes dados. Informe a referência para que o pagamento seja identificado.',
  bank: 'Banco',
  accountType: 'Tipo de conta',
  accountNumber: 'Número da conta',
  holder: 'Titular',
  nit: 'NIT',
  reference: 'Referência',
  qrTitle: 'Pagamento por QR',
  qrIntro: 'Escaneie este QR code com o app do seu banco.',
  qrImageLabel: 'QR code de pagamento',
  qrText: 'Conteúdo do QR code',
  invalidTitle: 'Este link de pagamento não é válido ou expirou',
  invalidBody: 'Confira o link que você recebeu ou peça um novo ao vendedor.',
  paidTitle: 'Este pagamento foi recebido',
  paidBody: 'Você não precisa fazer mais nada.',
  expiredTitle: 'Este pagamento expirou',
  expiredBody: 'Ele não pode mais ser pago. Peça um novo link de pagamento ao vendedor.',
  canceledTitle: 'Este pagamento foi cancelado',
  canceledBody:
    'O vendedor o cancelou e ele não pode mais ser pago. Fale com o vendedor se ainda precisar pagar.',
  resultPaidTitle: 'Pagamento confirmado',
  resultPaidBody: 'O pagamento foi recebido. O vendedor já foi avisado.',
  resultPendingTitle: 'Pagamento em processamento',
  resultPendingBody: 'Estamos aguardando a confirmação. Você pode fechar esta página.',
  preparingTitle: 'Preparando seu pagamento',
  automaticDebitTitle: 'Pago por débito automático',
  automaticDebitBody:
    'Esta cobrança é debitada pelo Pix Automático da conta que você autorizou, na data de vencimento. Não há nada a pagar aqui; esta página mostra o pagamento assim que ele for feito.',
  backToStore: 'Voltar para a loja',
};

const es: Messages = {
  merchantFallback: 'Pago',
  securePage: 'Página de pago segura',
  transaction: 'Transacción',
  sandboxBadge: 'Sandbox',
  sandboxNotice: 'Entorno de pruebas: no se mueve dinero real.',
  amountToPay: 'Total a pagar',
  amountPaid: 'Total pagado',
  payer: 'Pagador',
  description: 'Descripción',
  status: { PENDING: 'Pendiente de pago', PAID: 'Pagado', EXPIRED: 'Expirado', CANCELED: 'Cancelado' },
  validUntil: 'Válido hasta',
  paidOn: 'Pagado el',
  copy: 'Copiar',
  copied: 'Copiado',
  payButton: (amount) => `Pagar ${amount}`,
  sandboxPayHint: 'Sandbox: el pago se simula y se confirma al instante.',
  instructionsPending:
    'Estamos preparando las instrucciones de pago. Actualiza esta página en unos momentos.',
  boletoTitle: 'Boleto',
  dueDate: 'Vencimiento',
  digitableLine: 'Línea digitable',
  boletoHowTo:
    'Paga en la app o banca en línea de tu banco copiando la línea digitable, o escanea el código de barras.',
  barcodeLabel: 'Código de barras del boleto',
  downloadPdf: 'Descargar PDF',
  print: 'Imprimir',
  checkoutTitle: 'Pago',
  paymentMethod: 'Medio de pago',
  pseIntro: 'Selecciona tu banco para pagar con PSE.',
  bankSelectLabel: 'Banco',
  bankSelectPlaceholder: 'Selecciona tu banco',
  walletIntro: (wallet, last) =>
    `Recibirás una solicitud de pago en la app ${wallet} del celular terminado en ${last}.`,
  walletPhone: (wallet) => `Celular ${wallet}`,
  walletConfirm: (wallet) => `Confirmo que este es mi número ${wallet}`,
  keyIntro: (method) =>
    `Paga desde la app de cualquier banco con ${method}: escanea el código QR o envía el valor a la llave.`,
  keyLabel: (method) => `Llave ${method}`,
  keyQrLabel: (method) => `Código QR de pago ${method}`,
  transferIntro:
    'Haz una transferencia desde tu banco con estos datos. Incluye la referencia para que podamos identificar tu pago.',
  bank: 'Banco',
  accountType: 'Tipo de cuenta',
  accountNumber: 'Número de cuenta',
  holder: 'Titular',
  nit: 'NIT',
  reference: 'Referencia',
  qrTitle: 'Pago con QR',
  qrIntro: 'Escanea este código QR con la app de tu banco.',
  qrImageLabel: 'Código QR de pago',
  qrText: 'Contenido del código QR',
  invalidTitle: 'Este enlace de pago no es válido o ha expirado',
  invalidBody: 'Revisa el enlace que recibiste o pide uno nuevo al comercio.',
  paidTitle: 'Este pago fue recibido',
  paidBody: 'No necesitas hacer nada más.',
  expiredTitle: 'Este pago expiró',
  expiredBody: 'Ya no se puede pagar. Pide al comercio un nuevo enlace de pago.',
  canceledTitle: 'Este pago fue cancelado',
  canceledBody: 'El comercio lo canceló y ya no se puede pagar. Consulta al comercio si aún necesitas pagar.',
  resultPaidTitle: 'Pago confirmado',
  resultPaidBody: 'Recibimos el pago. El comercio ya fue notificado.',
  resultPendingTitle: 'Pago en proceso',
  resultPendingBody: 'Estamos esperando la confirmación. Puedes cerrar esta página.',
  preparingTitle: 'Preparando tu pago',
  automaticDebitTitle: 'Pago por débito automático',
  automaticDebitBody:
    'Este cobro se debita por Pix Automático de la cuenta que autorizaste, en su fecha de vencimiento. No hay nada que pagar aquí; esta página muestra el pago cuando se haya hecho.',
  backToStore: 'Volver a la tienda',
};

const byLang: Record<PageLang, Messages> = { en, 'pt-BR': ptBR, 'es-CO': es, 'es-BO': es };

export function messagesFor(lang: PageLang): Messages {
  return byLang[lang];
}
