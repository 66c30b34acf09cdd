// `npm run backfill-transaction-index [-- --restart]`: puts transactions and events written
// before the listing indexes existed into GET /transactions and GET /events. Idempotent; an
// interrupted run (Ctrl-C, a crash) continues from its last finished page when started again.
import { parseArgs } from 'node:util';
import { backfillListingIndex } from '../../shared/maintenance/backfill-listing-index.ts';
import { connectToTable } from './connect.ts';

function fail(message: string): never {
  process.stderr.write(`${message}\nUsage: npm run backfill-transaction-index [-- --restart]\n`);
  process.exit(2);
}

const { values } = parseArgs({ options: { restart: { type: 'boolean', default: false } } });
connectToTable(fail);
let stopping = false;
process.on('SIGINT', () => {
  stopping = true;
  process.stderr.write('stopping after this page; run again to continue\n');
});
const progress = await backfillListingIndex({
  restart: values.restart,
  shouldStop: () => stopping,
  onPage: (page) => process.stderr.write(`scanned ${page.scanned}, indexed ${page.indexed}\n`),
});
process.stdout.write(
  `${progress.completedAt ? 'done' : 'paused'}: scanned ${progress.scanned} items, indexed ${progress.indexed}\n`,
);
