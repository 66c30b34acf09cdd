// What a copy button put on the clipboard. The run's one Chromium (global-setup.ts) has one
// clipboard for the pages of every file running at the same time: a copy made in another file
// between this file's click and its read would be read instead (a four-file run read a BOB QR
// where a Pix code was copied). So the click and the read hold a lock across the run's processes.
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { sharedStack } from './api.ts';

/** A holder that died mid-copy leaves its lock behind: after this long it is taken over. */
const staleAfterMs = 15_000;

async function withClipboardLock<T>(work: () => Promise<T>): Promise<T> {
  const endpoint = sharedStack().chromiumWsEndpoint;
  // A Chromium of the file's own has a clipboard of its own.
  if (!endpoint) return work();
  const lock = join(
    tmpdir(),
    `clipboard-${createHash('sha256').update(endpoint).digest('hex').slice(0, 16)}`,
  );
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const heldSince = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (heldSince !== undefined && Date.now() - heldSince > staleAfterMs)
        rmSync(lock, { recursive: true, force: true });
      else await sleep(25);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Runs `copy` (a click on a copy button) and answers the clipboard's text right after it. */
export function copiedText(page: Page, copy: () => Promise<unknown>): Promise<string> {
  return withClipboardLock(async () => {
    await copy();
    return page.evaluate(() => navigator.clipboard.readText());
  });
}
