// The hosted checkout's copy, in the payer's language. Plain text only: renderers escape it.
// A field's messages say what to fix in the payer's words; the rule itself is the purchase
// API's schema (shared/checkout/payer-fields.ts).

import type { BillingCycle } from '../../catalog/offer.ts';
import type { FieldProblem } from '../../checkout/payer-fields.ts';
import type { PageLang } from './view-models.ts';

export interface FieldCopy {
  label: string;
  /** An example of the expected form, under the input. */
  hint?: string;
  messages: Record<FieldProblem, string>;
}

export interface CheckoutFormCopy {
  title: string;
  offer: string;
  chooseMethod: string;
  yourDetails: string;
  /** The boleto's address block. */
  address: string;
  optional: string;
  submit: (amount: string) => string;
  /** A recurring offer's price: the amount and how often it is charged ("R$ 49,90 por mês"). */
  pricePer: (amount: string, cycle: BillingCycle) => string;
  /** Under a recurring offer's price: what subscribing means for the payer. */
  recurrence: string;
  /** Under the methods while Pix Automático is chosen: what the payer does once, and then. */
  recurringDebitNote: string;
  backToStore: string;
  /** Above the form when the server refused it. */
  fixFields: (count: number) => string;
  /** Above the form when the payment provider did not answer (nothing was charged). */
  providerDidNotAnswer: string;
  expiredTitle: string;
  expiredBody: string;
  unavailableTitle: string;
  unavailableBody: string;
  fields: Record<string, FieldCopy>;
}

const ptBR: CheckoutFormCopy = {
  title: 'Finalizar compra',
  offer: 'Oferta',
  chooseMethod: 'Forma de pagamento',
  yourDetails: 'Seus dados',
  address: 'Endereço para o boleto',
  optional: '(opcional)',
  submit: (amount) => `Continuar · ${amount}`,
  pricePer: (amount, cycle) =>
    `${amount} ${{ WEEKLY: 'por semana', MONTHLY: 'por mês', QUARTERLY: 'a cada 3 meses', SEMIANNUALLY: 'a cada 6 meses', YEARLY: 'por ano' }[cycle]}`,
  recurrence: 'Assinatura: este valor é cobrado a cada período até você ou o vendedor cancelar.',
  recurringDebitNote:
    'Pix Automático: você autoriza uma vez no app do seu banco com o QR da próxima página, que também paga o primeiro período; os próximos são debitados automaticamente.',
  backToStore: 'Voltar para a loja',
  fixFields: (count) => (count === 1 ? 'Corrija o campo indicado.' : `Corrija os ${count} campos indicados.`),
  providerDidNotAnswer:
    'O provedor de pagamento não respondeu e nada foi cobrado. Tente de novo em um minuto.',
  expiredTitle: 'Este pagamento expirou',
  expiredBody: 'O prazo para pagar terminou. Volte à loja para começar de novo.',
  unavailableTitle: 'Este produto não está disponível',
  unavailableBody: 'O vendedor não está vendendo este produto no momento. Fale com ele para saber mais.',
  fields: {
    name: {
      label: 'Nome completo',
      messages: { missing: 'Informe seu nome completo.', invalid: 'Informe um nome de até 255 caracteres.' },
    },
    email: {
      label: 'E-mail',
      hint: 'nome@exemplo.com.br',
      messages: {
        missing: 'Informe seu e-mail.',
        invalid: 'Informe um e-mail válido, como nome@exemplo.com.br.',
      },
    },
    phone: {
      label: 'Celular com DDD',
      hint: '11 98765-4321',
      messages: {
        missing: 'Informe seu celular com DDD.',
        invalid: 'Informe um telefone com DDD, de 8 a 12 dígitos.',
      },
    },
    cpf: {
      label: 'CPF ou CNPJ',
      messages: {
        missing: 'Informe seu CPF ou CNPJ.',
        invalid: 'Este CPF ou CNPJ não é válido: confira os dígitos.',
      },
    },
    'boletoAddress[zipCode]': {
      label: 'CEP',
      hint: '01310-100',
      messages: { missing: 'Informe o CEP.', invalid: 'Informe um CEP de 8 dígitos.' },
    },
    'boletoAddress[address]': {
      label: 'Endereço',
      messages: {
        missing: 'Informe o endereço (rua, avenida…).',
        invalid: 'Informe um endereço de até 255 caracteres.',
      },
    },
    'boletoAddress[number]': {
      label: 'Número',
      messages: { missing: 'Informe o número.', invalid: 'Informe um número de até 255 caracteres.' },
    },
    'boletoAddress[complement]': {
      label: 'Complemento',
      messages: {
        missing: 'Informe o complemento.',
        invalid: 'Informe um complemento de até 255 caracteres.',
      },
    },
    'boletoAddress[district]': {
      label: 'Bairro',
      messages: { missing: 'Informe o bairro.', invalid: 'Informe um bairro de até 255 caracteres.' },
    },
    'boletoAddress[city]': {
      label: 'Cidade',
      messages: { missing: 'Informe a cidade.', invalid: 'Informe uma cidade de até 255 caracteres.' },
    },
    'boletoAddress[uf]': {
      label: 'UF',
      hint: 'SP',
      messages: { missing: 'Informe a UF.', invalid: 'Informe a sigla de um estado, como SP.' },
    },
  },
};

const spanishContact = {
  name: {
    label: 'Nombre completo',
    messages: {
      missing: 'Escribe tu nombre completo.',
      invalid: 'Escribe un nombre de hasta 255 caracteres.',
    },
  },
  email: {
    label: 'Correo electrónico',
    hint: 'nombre@ejemplo.com',
    messages: {
      missing: 'Escribe tu correo electrónico.',
      invalid: 'Escribe un correo válido, como nombre@ejemplo.com.',
    },
  },
} as const;

const esCO: CheckoutFormCopy = {
  title: 'Finalizar compra',
  offer: 'Oferta',
  chooseMethod: 'Medio de pago',
  yourDetails: 'Tus datos',
  address: 'Dirección',
  optional: '(opcional)',
  submit: (amount) => `Continuar · ${amount}`,
  pricePer: (amount, cycle) =>
    `${amount} ${{ WEEKLY: 'por semana', MONTHLY: 'al mes', QUARTERLY: 'cada 3 meses', SEMIANNUALLY: 'cada 6 meses', YEARLY: 'al año' }[cycle]}`,
  recurrence: 'Suscripción: este valor se cobra en cada período hasta que tú o el vendedor la cancelen.',
  recurringDebitNote:
    'Pix Automático: lo autorizas una vez en la app de tu banco con el QR de la página siguiente, que también paga el primer período; los siguientes se debitan automáticamente.',
  backToStore: 'Volver a la tienda',
  fixFields: (count) =>
    count === 1 ? 'Corrige el campo indicado.' : `Corrige los ${count} campos indicados.`,
  providerDidNotAnswer:
    'El proveedor de pagos no respondió y no se cobró nada. Inténtalo de nuevo en un minuto.',
  expiredTitle: 'Este pago expiró',
  expiredBody: 'Se acabó el tiempo para pagar. Vuelve a la tienda para empezar de nuevo.',
  unavailableTitle: 'Este producto no está disponible',
  unavailableBody: 'El comercio no está vendiendo este producto por ahora. Consulta con el comercio.',
  fields: {
    ...spanishContact,
    phone: {
      label: 'Celular con indicativo del país',
      hint: '+57 300 123 4567',
      messages: {
        missing: 'Escribe tu celular.',
        invalid: 'Escribe tu celular con el indicativo del país, como +57 300 123 4567.',
      },
    },
    responsibleDocument: {
      label: 'Documento (CC, NIT, CE o TI)',
      hint: '1020304050',
      messages: {
        missing: 'Escribe tu número de documento.',
        invalid: 'Este documento no es válido: escribe tu CC, NIT, CE o TI.',
      },
    },
  },
};

const esBO: CheckoutFormCopy = {
  ...esCO,
  fields: {
    ...spanishContact,
    phone: {
      label: 'Celular con código de país',
      hint: '+591 71234567',
      messages: {
        missing: 'Escribe tu celular.',
        invalid: 'Escribe tu celular con el código de país, como +591 71234567.',
      },
    },
    responsibleDocument: {
      label: 'Documento (CI, NIT o pasaporte)',
      hint: '4567890 LP',
      messages: {
        missing: 'Escribe tu número de documento.',
        invalid: 'Este documento no es válido: escribe tu CI, NIT o pasaporte.',
      },
    },
  },
};

const en: CheckoutFormCopy = {
  title: 'Checkout',
  offer: 'Offer',
  chooseMethod: 'Payment method',
  yourDetails: 'Your details',
  address: 'Address for the boleto',
  optional: '(optional)',
  submit: (amount) => `Continue · ${amount}`,
  pricePer: (amount, cycle) =>
    `${amount} ${{ WEEKLY: 'a week', MONTHLY: 'a month', QUARTERLY: 'every 3 months', SEMIANNUALLY: 'every 6 months', YEARLY: 'a year' }[cycle]}`,
  recurrence: 'Subscription: this amount is charged every period until you or the seller cancel it.',
  recurringDebitNote:
    'Pix Automático: you authorize it once in your bank app with the QR on the next page, which also pays the first period; the next ones are debited automatically.',
  backToStore: 'Back to the store',
  fixFields: (count) =>
    count === 1 ? 'Fix the field marked below.' : `Fix the ${count} fields marked below.`,
  providerDidNotAnswer:
    'The payment provider did not answer, and nothing was charged. Try again in a minute.',
  expiredTitle: 'This payment has expired',
  expiredBody: 'The time to pay is over. Go back to the store to start again.',
  unavailableTitle: 'This product is not available',
  unavailableBody: 'The merchant is not selling it at the moment. Ask the merchant for more.',
  fields: {
    name: {
      label: 'Full name',
      messages: { missing: 'Enter your full name.', invalid: 'Enter a name of up to 255 characters.' },
    },
    email: {
      label: 'E-mail',
      messages: { missing: 'Enter your e-mail.', invalid: 'Enter a valid e-mail, like name@example.com.' },
    },
    phone: {
      label: 'Phone',
      messages: { missing: 'Enter your phone.', invalid: 'Enter a valid phone number.' },
    },
    cpf: {
      label: 'CPF or CNPJ',
      messages: { missing: 'Enter your CPF or CNPJ.', invalid: 'This CPF or CNPJ is not valid.' },
    },
    responsibleDocument: {
      label: 'ID document',
      messages: { missing: 'Enter your ID document.', invalid: 'This ID document is not valid.' },
    },
  },
};

const byLang: Record<PageLang, CheckoutFormCopy> = { en, 'pt-BR': ptBR, 'es-CO': esCO, 'es-BO': esBO };

export function checkoutFormCopy(lang: PageLang): CheckoutFormCopy {
  return byLang[lang];
}

/** A field's copy; one the language lacks (a field new to a schema) reads its API name. */
export function fieldCopy(copy: CheckoutFormCopy, name: string): FieldCopy {
  return copy.fields[name] ?? { label: name, messages: { missing: name, invalid: name } };
}
