import { describe, expect, it } from 'vitest';
import { addressLines, type BoletoSlip, boletoSlipOf } from '../../shared/hosted-pages/boleto-slip.ts';
import {
  BOLETO_PDF_BARCODE,
  BOLETO_PDF_TEXT_MM,
  BOLETO_SLIP_HEIGHT_MM,
  compensationSlipHeight,
  renderBoletoPdf,
} from '../../shared/hosted-pages/render/boleto-pdf.ts';
import { textWidth, toWinAnsi, wrapText } from '../../shared/hosted-pages/render/pdf-text.ts';
import type { BoletoPageModel } from '../../shared/hosted-pages/render/view-models.ts';
import {
  buildBarcode,
  digitableLineFromBarcode,
  formatDigitableLine,
  sandboxFreeField,
} from '../../shared/rails/boleto.ts';
import type { TransactionRecord } from '../../shared/transactions/transaction.ts';
import { decodeItfBars } from '../support/page-decoders.ts';

const MM = 72 / 25.4;
const transactionId = '7283649102938475610';
const barcode = buildBarcode({
  bankCode: '000',
  dueDate: '2026-03-28',
  amountCents: 123456,
  freeField: sandboxFreeField(transactionId),
});

function recordAndModel(overrides: {
  name?: string;
  merchantName?: string | null;
  description?: string;
  street?: string;
  externalId?: string | null;
}): { record: TransactionRecord; model: BoletoPageModel } {
  const name = overrides.name ?? 'João Conceição (teste) \\ ok';
  const record = {
    id: transactionId,
    // 23:30 UTC is 20:30 in São Paulo: the document's date is the 26th there.
    createdAt: '2026-03-26T23:30:00.000Z',
    externalId: overrides.externalId === undefined ? 'pedido-77' : overrides.externalId,
    payer: {
      name,
      email: 'j@example.com',
      phone: null,
      document: '11222333000181',
      responsibleExternalId: 'm',
    },
    boleto: {
      dueDate: '2026-03-28',
      payerDocument: '52998224725',
      address: {
        address: overrides.street ?? 'Avenida Paulista',
        number: '1000',
        complement: null,
        district: 'Bela Vista',
        city: 'São Paulo',
        zipCode: '01310100',
        uf: 'SP',
      },
    },
  } as unknown as TransactionRecord;
  const model: BoletoPageModel = {
    transactionId,
    status: 'PENDING',
    currency: 'BRL',
    amountCents: 123456,
    payerName: name,
    description: overrides.description ?? 'Plano Premium anual — assinatura 2026',
    merchantName: overrides.merchantName === undefined ? 'Loja Aurora' : overrides.merchantName,
    expiresAt: null,
    paidAt: null,
    sandbox: true,
    payActionUrl: null,
    dueDate: '2026-03-28',
    digitableLine: formatDigitableLine(digitableLineFromBarcode(barcode)),
    barcode,
  };
  return { record, model };
}

function slipOf(overrides: Parameters<typeof recordAndModel>[0] = {}): BoletoSlip {
  const { record, model } = recordAndModel(overrides);
  return boletoSlipOf(record, model);
}

const longName = `${'Maria Aparecida dos Santos Oliveira '.repeat(7)}Fim`.slice(0, 255);
const longSlip = slipOf({
  name: longName,
  merchantName: 'Loja Aurora de Instrumentos Musicais e Acessórios do Brasil Comércio Varejista Ltda ME',
  description: 'Plano Premium anual com acentuação: ção, é, ü. '.repeat(5).slice(0, 255),
  street: 'Rua Doutor Antônio Bento de Albuquerque Maranhão '.repeat(5).slice(0, 255),
  externalId: 'pedido-'.repeat(30),
});

/** A minimal reader: checks the file structure and returns the page content stream. */
function readPdf(bytes: Uint8Array): { content: string; info: string } {
  const pdf = Buffer.from(bytes).toString('latin1');
  expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
  expect(pdf.endsWith('%%EOF\n')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)![1]);
  expect(pdf.slice(startxref, startxref + 5)).toBe('xref\n');
  const table = /^xref\n0 (\d+)\n((?:\d{10} \d{5} [fn] \n)+)trailer\n/.exec(pdf.slice(startxref));
  expect(table).not.toBeNull();
  const count = Number(table![1]);
  const rows = table![2]!.trimEnd().split('\n');
  expect(rows).toHaveLength(count);
  expect(rows[0]).toBe('0000000000 65535 f ');
  const objects = new Map<number, string>();
  rows.slice(1).forEach((row, i) => {
    const offset = Number(row.slice(0, 10));
    const header = `${i + 1} 0 obj\n`;
    expect(pdf.slice(offset, offset + header.length)).toBe(header);
    const end = pdf.indexOf('\nendobj\n', offset);
    objects.set(i + 1, pdf.slice(offset + header.length, end));
  });
  const trailer = /trailer\n<< \/Size (\d+) \/Root (\d+) 0 R \/Info (\d+) 0 R >>/.exec(pdf)!;
  expect(Number(trailer[1])).toBe(count);
  expect(objects.get(Number(trailer[2]))).toMatch(/\/Type \/Catalog \/Pages 2 0 R/);
  expect(objects.get(2)).toMatch(/\/Kids \[3 0 R\] \/Count 1/);
  expect(objects.get(3)).toMatch(/\/MediaBox \[0 0 595.28 841.89\].*\/Contents 7 0 R/);
  const stream = /^<< \/Length (\d+) >>\nstream\n([\s\S]*)\nendstream$/.exec(objects.get(7)!)!;
  expect(stream[2]!.length).toBe(Number(stream[1]));
  return { content: stream[2]!, info: objects.get(Number(trailer[3]))! };
}

function decodeHex(hex: string): string {
  return new TextDecoder('windows-1252').decode(Buffer.from(hex, 'hex'));
}

interface DrawnText {
  text: string;
  font: string;
  size: number;
  scale: number;
  x: number;
  y: number;
}

function drawnTexts(content: string): DrawnText[] {
  return [
    ...content.matchAll(/\/(F\d) ([\d.]+) Tf ([\d.]+) Tz ([\d.-]+) ([\d.-]+) Td <([0-9a-f]*)> Tj/g),
  ].map((m) => ({
    font: m[1]!,
    size: Number(m[2]),
    scale: Number(m[3]),
    x: Number(m[4]),
    y: Number(m[5]),
    text: decodeHex(m[6]!),
  }));
}

const texts = (content: string): string[] => drawnTexts(content).map((t) => t.text);

describe('renderBoletoPdf', () => {
  const slip = slipOf();
  const { content, info } = readPdf(renderBoletoPdf(slip));

  it('is a well-formed one-page PDF 1.4 (offsets, xref, stream length)', () => {
    expect(content).toContain('/F1');
    expect(decodeHex(/\/Title <([0-9a-f]+)>/.exec(info)![1]!)).toBe('Boleto 7283649102938475610');
  });

  it('prints the receipt stub and the compensation slip with the bank layout fields', () => {
    const all = texts(content);
    for (const expected of [
      'Recibo do Pagador',
      'Autenticação mecânica - Ficha de Compensação',
      'Local de pagamento',
      'Pagável em qualquer banco até o vencimento',
      'Beneficiário',
      'Loja Aurora - CNPJ 11.222.333/0001-81',
      'Pagador',
      'João Conceição (teste) \\ ok - CPF 529.982.247-25',
      'Avenida Paulista, 1000 - Bela Vista',
      'CEP 01310-100 - São Paulo/SP',
      'Vencimento',
      '28/03/2026',
      '(=) Valor do documento',
      'R$\u00a01.234,56',
      'Nosso número',
      `${transactionId}-${barcode[43]}`,
      'Data do documento',
      '26/03/2026',
      'Número do documento',
      transactionId,
      'Referente a: Plano Premium anual — assinatura 2026',
      'Não receber após o vencimento.',
    ]) {
      expect(all).toContain(expected);
    }
    // The bank code field heads both parts; the digitable line is in the slip's header and the stub.
    expect(all.filter((t) => t === '000-0')).toHaveLength(2);
    expect(all.filter((t) => t === slip.digitableLine)).toHaveLength(2);
    expect(all.some((t) => t.startsWith('SANDBOX'))).toBe(true);
  });

  it('prints the bank code 5 mm tall and the digitable line 3.5 to 4 mm tall beside it', () => {
    const capHeight = 0.718;
    const [slipCode, stubCode] = drawnTexts(content)
      .filter((t) => t.text === '000-0')
      .sort((a, b) => a.y - b.y);
    expect((slipCode!.size * capHeight) / MM).toBeCloseTo(BOLETO_PDF_TEXT_MM.bankCode, 1);
    const slipLine = drawnTexts(content).find((t) => t.text === slip.digitableLine && t.y === slipCode!.y);
    expect(slipLine).toBeDefined();
    expect(slipLine!.x).toBeGreaterThan(slipCode!.x);
    const height = (slipLine!.size * capHeight) / MM;
    expect(height).toBeGreaterThanOrEqual(3.5);
    expect(height).toBeLessThanOrEqual(4);
    // Condensed rather than smaller when the box is narrow; never wider than the page.
    const width = (textWidth(slip.digitableLine, slipLine!.size, 'bold') * slipLine!.scale) / 100;
    expect(slipLine!.x + width).toBeLessThanOrEqual(595.28 - 12 * MM);
    expect(stubCode!.y).toBeGreaterThan(slipCode!.y);
  });

  it('draws the barcode at its regulated size and place: 103 x 13 mm, 1:3, 12 mm up, 5 mm in', () => {
    const section = /% barcode\n([\s\S]*?)% end barcode/.exec(content)![1]!;
    const rects = [...section.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re f/g)].map(
      (m) => m.slice(1, 5).map(Number) as [number, number, number, number],
    );
    const bars = rects.map(([x, , w]) => ({ start: x, end: x + w })).sort((a, b) => a.start - b.start);
    const slipLeft = 12 * MM;
    const reading = decodeItfBars(bars, slipLeft, 595.28 - slipLeft);
    expect(reading.digits).toBe(slip.barcode);
    expect(reading.ratio).toBeCloseTo(3, 2);
    expect(reading.narrow / MM).toBeCloseTo(103 / 405, 3);
    expect(reading.quietLeft / MM).toBeCloseTo(BOLETO_PDF_BARCODE.fromSlipLeftMm, 1);
    expect(reading.quietRight / MM).toBeGreaterThan(5);
    const length = bars[bars.length - 1]!.end - bars[0]!.start;
    expect(length / MM).toBeCloseTo(BOLETO_PDF_BARCODE.widthMm, 1);
    for (const [, y, , h] of rects) {
      expect(h / MM).toBeCloseTo(BOLETO_PDF_BARCODE.heightMm, 1);
      // The slip's bottom edge is 10 mm above the sheet's.
      expect(y / MM).toBeCloseTo(10 + BOLETO_PDF_BARCODE.aboveSlipBottomMm, 1);
    }
  });

  it('keeps the compensation slip 95 to 108 mm tall, with long texts too', () => {
    for (const each of [slip, longSlip]) {
      const height = compensationSlipHeight(each) / MM;
      expect(height).toBeGreaterThanOrEqual(BOLETO_SLIP_HEIGHT_MM.min);
      expect(height).toBeLessThanOrEqual(BOLETO_SLIP_HEIGHT_MM.max);
    }
  });

  it('wraps long names, addresses and descriptions instead of cutting them', () => {
    const drawn = texts(readPdf(renderBoletoPdf(longSlip)).content);
    const joined = drawn.join(' ').replace(/\s+/g, ' ');
    for (const whole of [
      `${longName} - CPF 529.982.247-25`,
      longSlip.beneficiary.name!,
      longSlip.payer.addressLines[0]!,
      `Referente a: ${longSlip.description}`,
    ])
      expect(joined).toContain(whole.replace(/\s+/g, ' ').trim());
    expect(drawn.some((t) => t.includes('…'))).toBe(false);
    // Every line fits the page.
    for (const t of drawnTexts(readPdf(renderBoletoPdf(longSlip)).content)) {
      const font = t.font === 'F2' ? 'bold' : 'regular';
      expect(t.x + (textWidth(t.text, t.size, font) * t.scale) / 100).toBeLessThanOrEqual(
        595.28 - 12 * MM + 0.5,
      );
    }
  });

  it('names the beneficiary by its document alone when the account has no display name', () => {
    const anonymous = slipOf({ merchantName: null, externalId: null });
    expect(anonymous.beneficiary).toEqual({ name: null, document: 'CNPJ 11.222.333/0001-81' });
    expect(texts(readPdf(renderBoletoPdf(anonymous)).content)).toContain('CNPJ 11.222.333/0001-81');
  });

  it('no sandbox notice outside the sandbox', () => {
    const { record, model } = recordAndModel({});
    const live = readPdf(renderBoletoPdf(boletoSlipOf(record, { ...model, sandbox: false })));
    expect(texts(live.content).some((t) => t.startsWith('SANDBOX'))).toBe(false);
  });

  it('refuses a barcode that is not 44 digits', () => {
    expect(() => renderBoletoPdf({ ...slip, barcode: '123' })).toThrow(/barcode: must be exactly 44 digits/);
  });
});

describe('boleto slip fields', () => {
  it('prints the address as street, number and complement; district; CEP, city and UF', () => {
    expect(
      addressLines({
        address: 'Rua A',
        number: '10',
        complement: 'Sala 2',
        district: 'Centro',
        city: 'Recife',
        zipCode: '50010000',
        uf: 'PE',
      }),
    ).toEqual(['Rua A, 10, Sala 2 - Centro', 'CEP 50010-000 - Recife/PE']);
  });

  it('formats an alphanumeric CNPJ like a numeric one', () => {
    const { record, model } = recordAndModel({});
    const slip = boletoSlipOf({ ...record, payer: { ...record.payer, document: '12ABC34501DE35' } }, model);
    expect(slip.beneficiary.document).toBe('CNPJ 12.ABC.345/01DE-35');
  });
});

describe('PDF text', () => {
  it('maps text to WinAnsi, replacing what the standard fonts cannot show', () => {
    expect(toWinAnsi('Ação €—')).toEqual([0x41, 0xe7, 0xe3, 0x6f, 0x20, 0x80, 0x97]);
    expect(toWinAnsi('日\n')).toEqual([0x3f, 0x20]);
  });

  it('measures with the AFM widths: bold is wider, accents take their base letter', () => {
    expect(textWidth('0', 10, 'regular')).toBeCloseTo(5.56, 5);
    expect(textWidth('Maria', 10, 'bold')).toBeGreaterThan(textWidth('Maria', 10, 'regular'));
    expect(textWidth('ção', 10, 'regular')).toBe(textWidth('cao', 10, 'regular'));
    expect(textWidth('abc', 10, 'mono')).toBeCloseTo(18, 5);
  });

  it('wraps at spaces, splits a word wider than the line, and keeps every character', () => {
    const text = `Curso de violão ${'x'.repeat(60)} fim`;
    const lines = wrapText(text, 10, 'regular', 100);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(textWidth(line, 10, 'regular')).toBeLessThanOrEqual(100);
    expect(lines.join('').replace(/ /g, '')).toBe(text.replace(/ /g, ''));
    expect(lines[0]).toBe('Curso de violão');
    expect(wrapText('', 10, 'regular', 100)).toEqual(['']);
    expect(wrapText('R$\u00a01.234,56', 10, 'regular', 500)).toEqual(['R$\u00a01.234,56']);
  });
});
