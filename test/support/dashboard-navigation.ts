// Moving around the merchant dashboard in browser tests: wait for what the page shows, open a
// section, check a page (axe and fit at both widths, screenshots).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousViolations } from './axe.ts';
import { desktopWidth, overflowsHorizontally, phoneWidth, saveScreenshot } from './browser.ts';

/** Polls until the expectation holds; generous, because this 2-core machine is shared. */
export function eventually<T>(read: () => T | Promise<T>, options: { timeout?: number } = {}) {
  return expect.poll(read, { timeout: 15_000, interval: 100, ...options });
}

/** Opens a section from the navigation (named `navigation` in the page's language) and waits for its heading. */
export async function open(page: Page, section: string, navigation = 'Sections'): Promise<void> {
  await page
    .getByRole('navigation', { name: navigation })
    .getByRole('link', { name: section, exact: true })
    .click();
  await eventually(() => page.getByRole('heading', { level: 1 }).first().textContent()).toContain(section);
}

/** At 390 and 1280 px: axe, no sideways scrolling, a screenshot. Leaves the page at 1280 px. */
export async function checkPage(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  for (const width of [phoneWidth, desktopWidth]) {
    await page.setViewportSize({ width, height: width === phoneWidth ? 844 : 900 });
    expect(await seriousViolations(page), `${name}: axe serious/critical at ${width} px`).toEqual([]);
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        // Scrolling containers keep their content; what sticks out of the page is the problem.
        .filter(
          (element) =>
            element.getBoundingClientRect().right > window.innerWidth + 1 &&
            !element.closest('.table-wrap, .chart-canvas'),
        )
        .slice(0, 5)
        .map((element) => `${element.tagName}.${element.className}`),
    );
    expect(await overflowsHorizontally(page), `${name} fits ${width} px: ${wide.join(', ')}`).toBe(false);
    await saveScreenshot(page, `dashboard-${name}`);
  }
}
