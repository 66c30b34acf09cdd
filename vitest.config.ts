import { defineConfig } from 'vitest/config';

/** Unit files that read process.cpuUsage(): they need a process of their own. */
const processCpuFiles = ['test/unit/aws-call-waits.test.ts'];

export default defineConfig({
  test: {
    // Each integration file runs in its own process: a file that starts its own local stack points
    // that process's own store code at it (the stack's functions run in sandboxes of their own).
    pool: 'forks',
    // Three files at a time on two cores: integration files spend much of their time waiting on
    // the shared stack, so a third fork keeps both cores busy (about 9 minutes instead of 11).
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: { LOG_LEVEL: 'silent' },
    // Per-file durations of every run, for npm run test:durations (test/support/slowest-files.ts).
    reporters: [
      'default',
      ['json', { outputFile: 'test-artifacts/vitest-results.json' }],
      './test/support/file-durations-reporter.ts',
    ],
    projects: [
      // Each unit file reads the configuration (memoized per module graph) from an environment of
      // its own: a worker thread per file gives it its own copy of process.env and its own modules,
      // and starts in a fraction of a fork's time (about 100 files: 41 s alone in forks, 26 s here).
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          exclude: processCpuFiles,
          pool: 'threads',
        },
      },
      // Files that measure the process's CPU time, which other threads' tests would add to.
      { extends: true, test: { name: 'unit-process', include: processCpuFiles } },
      {
        extends: true,
        test: {
          name: 'cdk',
          include: ['test/cdk/**/*.test.ts'],
          // Files share their process, so a stage synthesized once serves every file after it
          // (test/cdk/synth.ts): a synth costs seconds of CPU and most files read the same stages.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'stack',
          include: ['test/integration/**/*.test.ts', 'test/browser/**/*.test.ts'],
          // One local stack (in memory) for all of these files.
          globalSetup: ['test/support/global-setup.ts'],
        },
      },
    ],
  },
});
