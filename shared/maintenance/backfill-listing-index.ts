// Runs the listing-index backfill to the end (or until `shouldStop`), saving its position after
// every page so an interrupted run continues where it stopped.
import {
  type BackfillProgress,
  backfillListingPage,
  readBackfillProgress,
  saveBackfillProgress,
} from '../store/listing-backfill.ts';

export async function backfillListingIndex(
  options: {
    restart?: boolean;
    pageSize?: number;
    onPage?: (progress: BackfillProgress) => void;
    shouldStop?: () => boolean;
  } = {},
): Promise<BackfillProgress> {
  const previous = options.restart ? undefined : await readBackfillProgress();
  // A finished run starts over: new items are indexed on write, so a second pass finds nothing to do.
  const resuming = previous && previous.completedAt === null ? previous : undefined;
  let progress: BackfillProgress = {
    nextKey: resuming?.nextKey ?? null,
    scanned: resuming?.scanned ?? 0,
    indexed: resuming?.indexed ?? 0,
    updatedAt: new Date().toISOString(),
    completedAt: null,
  };
  do {
    const page = await backfillListingPage(progress.nextKey, options.pageSize);
    progress = {
      nextKey: page.nextKey,
      scanned: progress.scanned + page.scanned,
      indexed: progress.indexed + page.indexed,
      updatedAt: new Date().toISOString(),
      completedAt: page.nextKey ? null : new Date().toISOString(),
    };
    await saveBackfillProgress(progress);
    options.onPage?.(progress);
  } while (progress.nextKey && !options.shouldStop?.());
  return progress;
}
