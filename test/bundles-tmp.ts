import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleOne, excessOverFloor, floorEntry, functionEntries } from './bench/bundle-sizes.ts';

const out = mkdtempSync(join(tmpdir(), 'b-'));
const floor = await bundleOne(floorEntry, out);
const rows = [];
for (const entry of functionEntries()) {
  const b = await bundleOne(entry, out);
  rows.push([
    entry.name,
    ((b.jsBytes ?? 0) / floor.jsBytes!).toFixed(2),
    Math.round((b.jsBytes ?? 0) / 1024),
    excessOverFloor(b, floor, 3)
      .map((e) => `${e.name} +${Math.round(e.bytes / 1024)}K`)
      .join(', '),
  ]);
}
rows.sort((a, b) => Number(b[1]) - Number(a[1]));
console.log(
  'floor KB',
  Math.round(floor.jsBytes! / 1024),
  'within 1.15:',
  rows.filter((r) => Number(r[1]) <= 1.15).length,
  'of',
  rows.length,
);
for (const r of rows.filter((r) => Number(r[1]) > 1.15)) console.log(r.join(' | '));
