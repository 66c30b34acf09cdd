import { describe, expect, it } from 'vitest';
import {
  BOLETO_PDF_BARCODE,
  renderBoletoPdf,
  toWinAnsi,
} from '../../shared/hosted-pages/render/boleto-pdf.ts';
import type { BoletoPageModel } from '../../shared/hosted-pages/render/view-models.ts';
import { decodeItfBars } from '../support/page-decoders.ts';

const boleto: BoletoPageModel = {
  transactionId: '7283649102938475610',
  status: 'PENDING',
  currency: 'BRL',
  amountCents: 123456,
  payerName: 'João Conceição (teste) \\ ok',
  description: 'Plano Premium anual — assinatura 2026 com acentuação: ção, é, ü. '.repeat(4),
  merchantName: 'Loja Aurora',
  expiresAt: null,
  paidAt: null,
  sandbox: true,
  payActionUrl: null,
  dueDate: '2026-03-28',
  digitableLine: '23793.38128 60000.000012 23456.789009 3 12340000123456',
  barcode: '23793123400001234563381260000000012345678900',
};

const MM = 72 / 25.4;

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
  const bytes = Buffer.from(hex, 'hex');
  const cp1252 = new TextDecoder('windows-1252');
  return cp1252.decode(bytes);
}

function texts(content: string): string[] {
  return [...content.matchAll(/<([0-9a-f]*)> Tj/g)].map((m) => decodeHex(m[1]!));
}

describe('renderBoletoPdf', () => {
  const { content, info } = readPdf(renderBoletoPdf(boleto));

  it('is a well-formed one-page PDF 1.4 (offsets, xref, stream length)', () => {
    expect(content).toContain('/F1');
    expect(decodeHex(/\/Title <([0-9a-f]+)>/.exec(info)![1]!)).toBe('Boleto 7283649102938475610');
  });

  it('prints the boleto data in WinAnsi text', () => {
    const all = texts(content);
    for (const expected of [
      'Loja Aurora',
      'Boleto',
      '28/03/2026',
      'R$\u00a01.234,56',
      boleto.payerName,
      boleto.digitableLine,
      boleto.transactionId,
      'Linha digitável',
    ]) {
      expect(all).toContain(expected);
    }
    expect(all.some((t) => t.startsWith('SANDBOX'))).toBe(true);
    // The long description is wrapped to at most 3 lines, the last one ellipsised.
    const descriptionLines = all.filter((t) => t.includes('acentuação') || t.includes('assinatura'));
    expect(descriptionLines.length).toBeGreaterThan(1);
    expect(descriptionLines.length).toBeLessThanOrEqual(3);
  });

  it('draws a barcode that decodes to the 44 digits, 103 mm x 13 mm, narrow:wide 1:3', () => {
    const section = /% barcode\n([\s\S]*?)% end barcode/.exec(content)![1]!;
    const rects = [...section.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re f/g)].map(
      (m) => m.slice(1, 5).map(Number) as [number, number, number, number],
    );
    expect(rects.length).toBeGreaterThan(100);
    const bars = rects.map(([x, , w]) => ({ start: x, end: x + w })).sort((a, b) => a.start - b.start);
    const reading = decodeItfBars(bars, 40, 595.28 - 40);
    expect(reading.digits).toBe(boleto.barcode);
    expect(reading.ratio).toBeCloseTo(3, 2);
    expect(reading.quietLeft).toBeGreaterThanOrEqual(10 * reading.narrow);
    const length = bars[bars.length - 1]!.end - bars[0]!.start;
    expect(length / MM).toBeCloseTo(BOLETO_PDF_BARCODE.widthMm, 1);
    for (const [, , , h] of rects) expect(h / MM).toBeCloseTo(BOLETO_PDF_BARCODE.heightMm, 1);
  });

  it('no sandbox notice outside the sandbox', () => {
    const live = readPdf(renderBoletoPdf({ ...boleto, sandbox: false }));
    expect(texts(live.content).some((t) => t.startsWith('SANDBOX'))).toBe(false);
  });

  it('maps text to WinAnsi, replacing what the standard fonts cannot show', () => {
    expect(toWinAnsi('Ação €—')).toEqual([0x41, 0xe7, 0xe3, 0x6f, 0x20, 0x80, 0x97]);
    expect(toWinAnsi('日\n')).toEqual([0x3f, 0x20]);
    expect(() => renderBoletoPdf({ ...boleto, barcode: '123' })).toThrow(
      /barcode: must be exactly 44 digits/,
    );
  });
});
