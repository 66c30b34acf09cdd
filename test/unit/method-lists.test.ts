// The payment-method catalogue (shared/payment-methods.ts) is the only place that lists method
// codes: a hand-kept copy elsewhere (a picklist, a union type, a map keyed by method, a chain of
// comparisons, a sentence naming several) falls behind the day a row is added, as the COP
// picklist and the page's `!==` chain once did. Production code derives its lists from the rows.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../infra/paths.ts';
import { purchaseMethods } from '../../shared/payment-methods.ts';
import { findWordLists } from '../support/code-lists.ts';

const catalogue = 'shared/payment-methods.ts';
const codes = new Set<string>(purchaseMethods);

function sourceFiles(directory: string): string[] {
  return readdirSync(join(repoRoot, directory), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(repoRoot, join(entry.parentPath, entry.name)));
}

describe('lists of payment-method codes', () => {
  it('appear in production code (shared/, functions/, infra/) only in the catalogue', () => {
    const files = ['shared', 'functions', 'infra'].flatMap(sourceFiles).filter((file) => file !== catalogue);
    expect(files.length).toBeGreaterThan(200);
    const stray = files.flatMap((file) =>
      findWordLists(readFileSync(join(repoRoot, file), 'utf8'), codes).map(
        (finding) => `${file}:${finding.line} ${finding.words.join(', ')}`,
      ),
    );
    expect(stray, 'derive these from shared/payment-methods.ts').toEqual([]);
  });

  describe('the scanner', () => {
    const words = new Set(['PSE', 'NEQUI', 'QR']);
    const lists = (source: string) => findWordLists(source, words).map((finding) => finding.words);

    it.each([
      ['an array', "const methods = ['PSE', 'NEQUI'];"],
      ['a picklist', "v.picklist(['PSE', 'NEQUI'])"],
      ['a union type', "type Method = 'PSE' | 'NEQUI';"],
      ['an object keyed by method', 'const bodies = { PSE: pse, NEQUI: nequi };'],
      ['quoted keys', "const names = { 'PSE': 'a', 'NEQUI': 'b' };"],
      ['a chain of comparisons', "if (m !== 'PSE' && m !== 'NEQUI') return;"],
      ['a sentence listing several', "const text = 'defaults (PSE, QR)';"],
      ['a sentence with or', 'const text = `use PSE or NEQUI`;'],
      ['a list across lines', "const methods = [\n  'PSE',\n  'NEQUI',\n];"],
    ])('finds %s', (_, source) => {
      expect(lists(source)).toHaveLength(1);
    });

    it.each([
      ['one comparison', "if (method === 'PSE') pay();"],
      ['codes in separate statements', "const a = 'PSE';\nconst b = 'NEQUI';"],
      ['codes in separate objects', "[{ paymentMethod: 'PSE' }, { paymentMethod: 'QR' }]"],
      ['comments', "// ['PSE', 'NEQUI']\n/* 'PSE' | 'NEQUI' */"],
      ['words in prose', "const text = 'Pay with PSE or Nequi';"],
      ['codes mentioned apart in prose', "const text = 'QR: the EMVCo QR payload; PSE: the bank list';"],
      ['a regular expression with brackets', "const r = /^([A-Z][\\w.[\\]]*): ['x']/s;\nconst m = 'PSE';"],
      ['lower-case words', "const t = 'pse, nequi';"],
    ])('ignores %s', (_, source) => {
      expect(lists(source)).toEqual([]);
    });
  });
});
