// Runs the test files that took longest on the last measured run first (longest processing time
// first), across projects: with three workers on two cores the run ends when its last long file
// does, and vitest's own order (by project name, then file size on a fresh clone that has no
// timings cached) started the slowest property test four minutes in. Files not in the list
// (new ones) keep vitest's order ahead of the rest. Refresh the list from a run's
// test-artifacts/file-durations.json with `npm run test:durations -- --write-order`.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import lastDurations from './file-durations-seconds.json' with { type: 'json' };

const seconds: Record<string, number> = lastDurations;

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const durationOf = (spec: TestSpecification) =>
      seconds[relative(spec.project.config.root, spec.moduleId)] ?? Number.POSITIVE_INFINITY;
    // Array.prototype.sort is stable: files of equal (or unknown) duration keep vitest's order.
    return [...ordered].sort((a, b) => durationOf(b) - durationOf(a));
  }
}
