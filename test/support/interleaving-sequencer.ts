// The order files start in. Vitest's own order runs the projects one after another (cdk, stack,
// unit), so the ~100 unit files, CPU-bound and a fraction of a second each, ran last, after every
// stack file, while the stack files had left both cores partly idle for minutes waiting on their
// local stacks. This order spreads most unit files among the stack files, where they fill those
// waits, and keeps a few for the end, to fill the workers the last stack files leave free.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Unit files kept for the end of the run. */
const unitFilesForTheEnd = 15;

const isUnit = (spec: TestSpecification) => spec.project.name.startsWith('unit');

/** `items` with `spread` placed among them at even intervals. */
export function interleave<T>(items: readonly T[], spread: readonly T[]): T[] {
  if (items.length === 0) return [...spread];
  const result: T[] = [];
  let placed = 0;
  items.forEach((item, index) => {
    result.push(item);
    const due = Math.floor(((index + 1) * spread.length) / items.length);
    while (placed < due) result.push(spread[placed++]!);
  });
  return result;
}

export default class InterleavingSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const units = sorted.filter(isUnit);
    const others = sorted.filter((spec) => !isUnit(spec));
    const stackStart = others.findIndex((spec) => spec.project.name === 'stack');
    if (stackStart === -1 || units.length <= unitFilesForTheEnd) return sorted;
    const spreadUnits = units.slice(0, units.length - unitFilesForTheEnd);
    return [
      ...others.slice(0, stackStart),
      ...interleave(others.slice(stackStart), spreadUnits),
      ...units.slice(units.length - unitFilesForTheEnd),
    ];
  }
}
