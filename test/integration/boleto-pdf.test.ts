// The boleto PDF read back as a bank's reader and a payer would: the page rendered to an image
// (poppler's pdftoppm), its barcode scanned (zbar's zbarimg, Interleaved 2 of 5) and its text
// extracted (pdftotext) must give the barcode and digitable line the API answers. The tools are
// Debian's poppler-utils and zbar-tools, which .ci/run installs: without them the test fails.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, checkFetched, createKey } from '../support/api.ts';
import { purchaseWithInstruction } from '../support/hosted-page-flow.ts';
import { boletoBody } from '../support/purchase-fixtures.ts';

const screenshotDir = resolve(import.meta.dirname, '../../test-artifacts/screenshots');
const work = mkdtempSync(join(tmpdir(), 'boleto-pdf-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(tool: string, args: string[]): string {
  try {
    return execFileSync(tool, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const { code, stderr } = error as { code?: string; stderr?: string };
    if (code === 'ENOENT')
      throw new Error(`${tool} is missing: apt-get install poppler-utils zbar-tools (.ci/run does)`);
    throw new Error(`${tool} ${args.join(' ')} failed: ${stderr ?? error}`);
  }
}

const payerName = `Maria Aparecida Conceição dos Santos ${'Albuquerque Maranhão '.repeat(4)}Filho`;

describe('boleto PDF', () => {
  it('reads back, from the rendered page, the barcode and digitable line the API answers', async () => {
    const merchant = await createKey(['createTransaction', 'isInvoiceAvailable', 'manageAccount']);
    const key = merchant.secretKey;
    const branding = await call('PUT', '/v2/account/branding', {
      key,
      body: { displayName: 'Loja Aurora Instrumentos Musicais', brandColor: null },
    });
    expect(branding.status, branding.text).toBe(200);
    const tx = await purchaseWithInstruction(
      { ...boletoBody(), name: payerName, amount: 123_456 },
      (t) => Boolean(t.paymentInstruction?.boletoBarcode),
      key,
    );
    const { boletoUrl, boletoBarcode, boletoDigitableLine } = tx.paymentInstruction;

    const response = await fetch(`${boletoUrl}/pdf`);
    await checkFetched(response);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = join(work, 'boleto.pdf');
    writeFileSync(pdf, Buffer.from(await response.arrayBuffer()));

    // 150 dpi, a coarse scan: the 0.254 mm narrow bar is 1.5 pixels.
    run('pdftoppm', ['-r', '150', '-png', '-singlefile', pdf, join(work, 'boleto')]);
    const png = join(work, 'boleto.png');
    const scanned = run('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Si25.enable', png]).trim();
    expect(scanned).toBe(boletoBarcode);

    const lines = run('pdftotext', [pdf, '-'])
      .split('\n')
      .map((line) => line.trim());
    // In the compensation slip's header and in the stub, as the API prints it.
    expect(lines.filter((line) => line === boletoDigitableLine)).toHaveLength(2);
    expect(lines.filter((line) => line === '000-0')).toHaveLength(2);
    const text = lines.join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('Loja Aurora Instrumentos Musicais - CNPJ 11.222.333/0001-81');
    expect(text).toContain(`${payerName} - CPF 529.982.247-25`.replace(/\s+/g, ' '));
    expect(text).toContain('Avenida Paulista, 1000 - Bela Vista');
    expect(text).toContain('CEP 01310-100 - São Paulo/SP');
    expect(text).toContain('R$ 1.234,56');
    const [y, m, d] = tx.paymentInstruction.dueDate.slice(0, 10).split('-');
    expect(text).toContain(`${d}/${m}/${y}`);

    mkdirSync(screenshotDir, { recursive: true });
    copyFileSync(png, join(screenshotDir, 'boleto-pdf-a4.png'));
  });
});
