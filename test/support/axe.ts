// Runs axe-core in the page (through the DevTools protocol, so the page's CSP stays strict) and
// answers the serious and critical violations.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Once per document: the second width of a page check, and a single-page app's later views,
  // reuse the copy the first call put in (half a megabyte of script to compile each time).
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      globalThis as unknown as { axe: { run: (context: Document, options: object) => Promise<any> } }
    ).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return (results.violations as any[])
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id as string,
        impact: violation.impact as string,
        help: violation.help as string,
        targets: (violation.nodes as any[]).map((node) => String(node.target)),
      }));
  });
}
