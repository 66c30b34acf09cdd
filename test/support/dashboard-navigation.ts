// Moving around the merchant dashboard in browser tests: wait for what the page shows, open a section.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export function eventually<T>(read: () => T | Promise<T>, options: { timeout?: number } = {}) {
  return expect.poll(read, { timeout: 15_000, interval: 100, ...options });
}

/** Opens a section from the navigation and waits for its heading. */
export async function open(page: Page, section: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: section, exact: true })
    .click();
  await eventually(() => page.getByRole('heading', { level: 1 }).first().textContent()).toContain(section);
}
