import type { BoletoSlip } from '../boleto-slip.ts';
import { itfElements } from './itf.ts';
import { buildPdf } from './pdf-document.ts';
import { type PdfFont, pdfHexString, textWidth, wrapText } from './pdf-text.ts';

// The boleto as banks print it on A4 (a one-page PDF 1.4 built by hand, no PDF dependency):
// the payer's receipt stub (recibo do pagador) at the top, a dashed cut line, and the
// compensation slip (ficha de compensação) at the bottom of the sheet. Dimensions follow the
// banks' printing specifications for the FEBRABAN slip (Banco do Brasil, "Especificações
// Técnicas para Confecção de Boleto de Cobrança", 2.1; CAIXA, "Especificação do Código de Barras
// para Bloquetos de Cobrança", 2.3 and the barcode's location; summarised by
// boletocloud.uservoice.com "O Boleto - Partes Principais"):
// - on A4 the compensation slip is printed at the bottom of the sheet, 95 to 108 mm tall and
//   170 to 216 mm wide;
// - its header: the bank's name, the bank code and its check digit in bold 5 mm characters,
//   and the digitable line in characters 3.5 to 4 mm tall;
// - the Interleaved 2 of 5 barcode, 44 digits: 103 mm long and 13 mm tall, narrow:wide 1:3 (so
//   the narrow element is 103 / 405 modules = 0.254 mm), 12 mm above the slip's bottom edge and
//   5 mm from its left edge, with at least 5 mm clear either side (the quiet zones).
// The copy is in Portuguese, the language of the boleto. Every field wraps; nothing is cut.

const MM = 72 / 25.4;
const PAGE_W = 595.28;
const PAGE_H = 841.89;
const SIDE = 12 * MM;
const CONTENT_W = PAGE_W - 2 * SIDE;
const RIGHT_COLUMN = 48 * MM;
const LEFT_COLUMN = CONTENT_W - RIGHT_COLUMN;
/** The slip's bottom edge, above what printers leave unprinted. */
const SLIP_BOTTOM = 10 * MM;

export const BOLETO_PDF_BARCODE = {
  widthMm: 103,
  heightMm: 13,
  /** Wide elements are three narrow ones. */
  ratio: 3,
  /** From the slip's bottom edge to the bars' bottom. */
  aboveSlipBottomMm: 12,
  /** From the slip's left edge to the first bar (the left quiet zone). */
  fromSlipLeftMm: 5,
} as const;
export const BOLETO_SLIP_HEIGHT_MM = { min: 95, max: 108 } as const;
/** Bank code characters 5 mm tall; digitable line characters 3.5 to 4 mm tall. */
export const BOLETO_PDF_TEXT_MM = { bankCode: 5, digitableLine: 3.6 } as const;

/** Cap height of Helvetica-Bold (AFM), the height of its digits and capitals per point of size. */
const BOLD_CAP_HEIGHT = 0.718;

/** Baseline of the header's bank code and digitable line, above the header's bottom rule. */
const HEADER_BASELINE = 2.5 * MM;

const num = (n: number): string => (Math.round(n * 100) / 100).toString();

const fontResource: Record<PdfFont, string> = { regular: 'F1', bold: 'F2', mono: 'F3' };

class Content {
  ops: string[] = [];
  text(
    x: number,
    y: number,
    text: string,
    size: number,
    font: PdfFont = 'regular',
    options: { gray?: number; scale?: number } = {},
  ): void {
    const scale = options.scale ?? 100;
    this.ops.push(
      `BT ${num(options.gray ?? 0)} g /${fontResource[font]} ${num(size)} Tf ${num(scale)} Tz ${num(x)} ${num(y)} Td ${pdfHexString(text)} Tj ET`,
    );
  }
  line(x1: number, y1: number, x2: number, y2: number, width = 0.6, dash = ''): void {
    this.ops.push(
      `0 G ${num(width)} w ${dash ? `[${dash}] 0 d ` : ''}${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S${dash ? ' [] 0 d' : ''}`,
    );
  }
}

/** A labelled box of a slip row: the label on top, the value's lines below. */
export interface SlipCell {
  label: string;
  value: string | string[];
  width: number;
  bold?: boolean;
  alignRight?: boolean;
}

/** Sizes of a slip's boxes; the value size shrinks a step when the slip would be too tall. */
export interface SlipTypography {
  labelSize: number;
  valueSize: number;
}

const leading = (t: SlipTypography) => t.valueSize + 1.5;
const cellPadding = 2.5;

/** Each cell's value wrapped to its width (explicit lines are wrapped one by one). */
export function cellLines(cell: SlipCell, t: SlipTypography): string[] {
  const values = Array.isArray(cell.value) ? cell.value : [cell.value];
  return values.flatMap((value) =>
    wrapText(value, t.valueSize, cell.bold ? 'bold' : 'regular', cell.width - 2 * cellPadding),
  );
}

/** Height of a row: the tallest cell (label line plus its wrapped value). */
export function rowHeight(cells: readonly SlipCell[], t: SlipTypography): number {
  const lines = Math.max(...cells.map((cell) => cellLines(cell, t).length));
  return cellPadding + t.labelSize + 1.5 + lines * leading(t) + cellPadding;
}

/** Draws a row whose top is at `top`, at least `minHeight` tall; returns its bottom. */
function drawRow(
  c: Content,
  x: number,
  top: number,
  cells: readonly SlipCell[],
  t: SlipTypography,
  minHeight = 0,
): number {
  const height = Math.max(minHeight, rowHeight(cells, t));
  let at = x;
  cells.forEach((cell, i) => {
    if (i > 0) c.line(at, top, at, top - height);
    c.text(at + cellPadding, top - cellPadding - t.labelSize + 1, cell.label, t.labelSize, 'regular', {
      gray: 0.3,
    });
    const font: PdfFont = cell.bold ? 'bold' : 'regular';
    cellLines(cell, t).forEach((line, n) => {
      const y = top - cellPadding - t.labelSize - 1.5 - (n + 1) * leading(t) + 2;
      const lineX = cell.alignRight
        ? at + cell.width - cellPadding - textWidth(line, t.valueSize, font)
        : at + cellPadding;
      c.text(lineX, y, line, t.valueSize, font);
    });
    at += cell.width;
  });
  c.line(x, top - height, at, top - height);
  return top - height;
}

/** The header row of both parts: bank name | bank code field | the part's own text. */
function drawBankHeader(
  c: Content,
  top: number,
  slip: BoletoSlip,
  right: (x: number, width: number) => void,
) {
  const height = 10 * MM;
  const nameWidth = 36 * MM;
  const codeWidth = 24 * MM;
  const nameLines = wrapText(slip.bankName, 10, 'bold', nameWidth - 4);
  nameLines.forEach((line, i) => {
    c.text(SIDE, top - height / 2 + 3 - i * 11 + ((nameLines.length - 1) * 11) / 2, line, 10, 'bold');
  });
  const codeSize = (BOLETO_PDF_TEXT_MM.bankCode * MM) / BOLD_CAP_HEIGHT;
  const codeX = SIDE + nameWidth + (codeWidth - textWidth(slip.bankCodeField, codeSize, 'bold')) / 2;
  c.text(codeX, top - height + HEADER_BASELINE, slip.bankCodeField, codeSize, 'bold');
  c.line(SIDE + nameWidth, top, SIDE + nameWidth, top - height, 1.2);
  c.line(SIDE + nameWidth + codeWidth, top, SIDE + nameWidth + codeWidth, top - height, 1.2);
  right(SIDE + nameWidth + codeWidth, CONTENT_W - nameWidth - codeWidth);
  c.line(SIDE, top - height, SIDE + CONTENT_W, top - height, 1.2);
  return top - height;
}

/** Horizontal scaling (percent, at most 100) that fits the text in `width` at `size`. */
export function fitScale(text: string, size: number, font: PdfFont, width: number): number {
  return Math.min(100, Math.floor((width / textWidth(text, size, font)) * 1000) / 10);
}

function beneficiaryLines(slip: BoletoSlip): string[] {
  return slip.beneficiary.name
    ? [`${slip.beneficiary.name} - ${slip.beneficiary.document}`]
    : [slip.beneficiary.document];
}

function payerLines(slip: BoletoSlip): string[] {
  return [`${slip.payer.name} - ${slip.payer.document}`, ...slip.payer.addressLines];
}

/** The slip's rows above the barcode, in order (the instructions block is drawn apart). */
function slipRows(slip: BoletoSlip) {
  return {
    place: [
      {
        label: 'Local de pagamento',
        value: 'Pagável em qualquer banco até o vencimento',
        width: LEFT_COLUMN,
      },
      { label: 'Vencimento', value: slip.dueDate, width: RIGHT_COLUMN, bold: true, alignRight: true },
    ],
    beneficiary: [
      { label: 'Beneficiário', value: beneficiaryLines(slip), width: LEFT_COLUMN },
      { label: 'Agência / Código do beneficiário', value: '-', width: RIGHT_COLUMN, alignRight: true },
    ],
    document: [
      { label: 'Data do documento', value: slip.documentDate, width: 28 * MM },
      { label: 'Número do documento', value: slip.documentNumber, width: LEFT_COLUMN - 28 * MM - 46 * MM },
      { label: 'Espécie', value: 'R$', width: 14 * MM },
      { label: 'Data do processamento', value: slip.documentDate, width: 32 * MM },
      { label: 'Nosso número', value: slip.ourNumber ?? '-', width: RIGHT_COLUMN, alignRight: true },
    ],
    payer: [{ label: 'Pagador', value: payerLines(slip), width: CONTENT_W }],
  } satisfies Record<string, SlipCell[]>;
}

const moneyBoxes = ['(-) Desconto / Abatimento', '(+) Mora / Multa', '(=) Valor cobrado'];

/** Instructions at the left, the amount boxes stacked at the right; returns the block's height. */
function instructionsHeight(slip: BoletoSlip, t: SlipTypography): number {
  const left = rowHeight([instructionsCell(slip)], t);
  const right = (moneyBoxes.length + 1) * rowHeight([{ label: 'x', value: 'x', width: RIGHT_COLUMN }], t);
  return Math.max(left, right);
}

function instructionsCell(slip: BoletoSlip): SlipCell {
  return {
    label: 'Instruções (texto de responsabilidade do beneficiário)',
    value: [...slip.instructions, `Referente a: ${slip.description}`],
    width: LEFT_COLUMN,
  };
}

/** Height of the compensation slip for the typography: its grid, the barcode band below it. */
export function slipHeight(slip: BoletoSlip, t: SlipTypography): number {
  const rows = slipRows(slip);
  return (
    10 * MM +
    rowHeight(rows.place, t) +
    rowHeight(rows.beneficiary, t) +
    rowHeight(rows.document, t) +
    instructionsHeight(slip, t) +
    rowHeight(rows.payer, t) +
    barcodeBand()
  );
}

/** Below the grid: the authentication label, the barcode and the margin under it. */
function barcodeBand(): number {
  return (6 + BOLETO_PDF_BARCODE.heightMm + BOLETO_PDF_BARCODE.aboveSlipBottomMm) * MM;
}

const typographies: readonly SlipTypography[] = [
  { labelSize: 6, valueSize: 8.5 },
  { labelSize: 5.5, valueSize: 7.5 },
  { labelSize: 5, valueSize: 6.5 },
];

/** The largest typography whose slip fits 108 mm; with extreme texts the smallest, taller. */
export function slipTypography(slip: BoletoSlip): SlipTypography {
  return (
    typographies.find((t) => slipHeight(slip, t) <= BOLETO_SLIP_HEIGHT_MM.max * MM) ?? typographies.at(-1)!
  );
}

/** Bars of the boleto barcode in points, left to right. */
export function barcodeBars(barcode: string, x: number): Array<{ x: number; width: number }> {
  const elements = itfElements(barcode, BOLETO_PDF_BARCODE.ratio);
  const modules = elements.reduce((a, b) => a + b, 0);
  const narrow = (BOLETO_PDF_BARCODE.widthMm * MM) / modules;
  const bars: Array<{ x: number; width: number }> = [];
  let at = x;
  elements.forEach((w, i) => {
    if (i % 2 === 0) bars.push({ x: at, width: w * narrow });
    at += w * narrow;
  });
  return bars;
}

/** The digitable line in the header, 3.6 mm tall, condensed if needed to fit its box. */
function drawDigitableLine(c: Content, slip: BoletoSlip, x: number, width: number, top: number): void {
  const size = (BOLETO_PDF_TEXT_MM.digitableLine * MM) / BOLD_CAP_HEIGHT;
  const scale = fitScale(slip.digitableLine, size, 'bold', width - 4 * MM);
  c.text(x + 2 * MM, top - 10 * MM + HEADER_BASELINE, slip.digitableLine, size, 'bold', { scale });
}

/** The compensation slip's height in points: at least 95 mm, its content's otherwise. */
export function compensationSlipHeight(slip: BoletoSlip): number {
  return Math.max(BOLETO_SLIP_HEIGHT_MM.min * MM, slipHeight(slip, slipTypography(slip)));
}

function drawCompensationSlip(c: Content, slip: BoletoSlip): { top: number; bottom: number } {
  const t = slipTypography(slip);
  const top = SLIP_BOTTOM + compensationSlipHeight(slip);
  const rows = slipRows(slip);
  let y = drawBankHeader(c, top, slip, (x, width) => drawDigitableLine(c, slip, x, width, top));
  y = drawRow(c, SIDE, y, rows.place, t);
  y = drawRow(c, SIDE, y, rows.beneficiary, t);
  y = drawRow(c, SIDE, y, rows.document, t);

  const blockTop = y;
  const blockHeight = instructionsHeight(slip, t);
  drawRow(c, SIDE, blockTop, [instructionsCell(slip)], t, blockHeight);
  const boxHeight = blockHeight / (moneyBoxes.length + 1);
  const boxes: SlipCell[] = [
    {
      label: '(=) Valor do documento',
      value: slip.amount,
      width: RIGHT_COLUMN,
      bold: true,
      alignRight: true,
    },
    ...moneyBoxes.map((label) => ({ label, value: '', width: RIGHT_COLUMN })),
  ];
  boxes.forEach((box, i) => {
    const boxTop = blockTop - i * boxHeight;
    c.text(
      SIDE + LEFT_COLUMN + cellPadding,
      boxTop - cellPadding - t.labelSize + 1,
      box.label,
      t.labelSize,
      'regular',
      {
        gray: 0.3,
      },
    );
    if (box.value) {
      const font: PdfFont = box.bold ? 'bold' : 'regular';
      const text = box.value as string;
      c.text(
        SIDE + CONTENT_W - cellPadding - textWidth(text, t.valueSize, font),
        boxTop - cellPadding - t.labelSize - 1.5 - leading(t) + 2,
        text,
        t.valueSize,
        font,
      );
    }
    if (i > 0) c.line(SIDE + LEFT_COLUMN, boxTop, SIDE + CONTENT_W, boxTop);
  });
  c.line(SIDE + LEFT_COLUMN, blockTop, SIDE + LEFT_COLUMN, blockTop - blockHeight);
  y = blockTop - blockHeight;
  c.line(SIDE, y, SIDE + CONTENT_W, y);
  y = drawRow(c, SIDE, y, rows.payer, t);

  const authLabel = 'Autenticação mecânica - Ficha de Compensação';
  c.text(SIDE + CONTENT_W - textWidth(authLabel, 6.5, 'bold'), y - 8, authLabel, 6.5, 'bold');

  const barBottom = SLIP_BOTTOM + BOLETO_PDF_BARCODE.aboveSlipBottomMm * MM;
  const barHeight = BOLETO_PDF_BARCODE.heightMm * MM;
  c.ops.push('% barcode\n0 g');
  for (const bar of barcodeBars(slip.barcode, SIDE + BOLETO_PDF_BARCODE.fromSlipLeftMm * MM))
    c.ops.push(`${bar.x.toFixed(3)} ${num(barBottom)} ${bar.width.toFixed(3)} ${num(barHeight)} re f`);
  c.ops.push('% end barcode');
  return { top, bottom: SLIP_BOTTOM };
}

function drawReceiptStub(c: Content, slip: BoletoSlip, slipTop: number): void {
  const t: SlipTypography = { labelSize: 6.5, valueSize: 9.5 };
  let y = PAGE_H - 14 * MM;
  const title = slip.beneficiary.name ?? 'Boleto';
  const titleLines = wrapText(title, 16, 'bold', CONTENT_W - 30 * MM);
  titleLines.forEach((line, i) => {
    c.text(SIDE, y - i * 19, line, 16, 'bold');
  });
  c.text(SIDE + CONTENT_W - textWidth('Boleto', 16, 'bold'), y, 'Boleto', 16, 'bold');
  y -= titleLines.length * 19 + 4;
  if (slip.sandbox) {
    c.text(SIDE, y, 'SANDBOX - documento de teste, sem valor de pagamento', 10, 'bold', { gray: 0.35 });
    y -= 16;
  }
  y -= 10;
  c.line(SIDE, y, SIDE + CONTENT_W, y, 1.2);
  y = drawBankHeader(c, y, slip, (x, width) => {
    const label = 'Recibo do Pagador';
    c.text(x + width - textWidth(label, 11, 'bold'), y - 10 * MM + HEADER_BASELINE, label, 11, 'bold');
  });
  const rows: SlipCell[][] = [
    [
      { label: 'Beneficiário', value: beneficiaryLines(slip), width: LEFT_COLUMN },
      { label: 'Vencimento', value: slip.dueDate, width: RIGHT_COLUMN, bold: true, alignRight: true },
    ],
    [
      { label: 'Pagador', value: [`${slip.payer.name} - ${slip.payer.document}`], width: LEFT_COLUMN },
      { label: 'Nosso número', value: slip.ourNumber ?? '-', width: RIGHT_COLUMN, alignRight: true },
    ],
    [
      { label: 'Data do documento', value: slip.documentDate, width: 30 * MM },
      { label: 'Número do documento', value: slip.documentNumber, width: LEFT_COLUMN - 30 * MM },
      {
        label: '(=) Valor do documento',
        value: slip.amount,
        width: RIGHT_COLUMN,
        bold: true,
        alignRight: true,
      },
    ],
    [{ label: 'Descrição', value: slip.description, width: CONTENT_W }],
    [{ label: 'Linha digitável', value: slip.digitableLine, width: CONTENT_W, bold: true }],
  ];
  for (const row of rows) y = drawRow(c, SIDE, y, row, t);
  c.text(
    SIDE + CONTENT_W - textWidth('Autenticação mecânica', 7, 'regular'),
    y - 9,
    'Autenticação mecânica',
    7,
  );
  c.text(
    SIDE,
    y - 9,
    'Pague no app ou internet banking do seu banco, ou em qualquer agência, até o vencimento.',
    7.5,
    'regular',
    { gray: 0.35 },
  );

  // The cut line between the two parts.
  const cut = slipTop + 4 * MM;
  c.line(SIDE, cut, SIDE + CONTENT_W, cut, 0.5, '3 2');
  const cutLabel = 'Corte na linha pontilhada';
  c.text(SIDE + CONTENT_W - textWidth(cutLabel, 6, 'regular'), cut + 2, cutLabel, 6, 'regular', {
    gray: 0.4,
  });
}

/** The boleto as a one-page A4 PDF: receipt stub, cut line, compensation slip. */
export function renderBoletoPdf(slip: BoletoSlip): Uint8Array {
  if (!/^\d{44}$/.test(slip.barcode)) throw new RangeError('barcode: must be exactly 44 digits');
  const c = new Content();
  const { top } = drawCompensationSlip(c, slip);
  drawReceiptStub(c, slip, top);
  return buildPdf(c.ops.join('\n'), `Boleto ${slip.transactionId}`);
}
