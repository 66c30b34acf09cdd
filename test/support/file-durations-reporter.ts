// Writes how long each test file took, whole: vitest's own JSON report times a file from its
// first test to its last, which leaves out what a file spends before them (importing, and the
// beforeAll that starts a local stack), the part that sharing stacks saves.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface FileDuration {
  file: string;
  project: string;
  state: string;
  /** Everything the file cost its worker: setup, import, hooks and tests (ms). */
  totalMs: number;
  importMs: number;
  /** Its hooks (a beforeAll starting a stack) and its tests. */
  hooksAndTestsMs: number;
  /** When its worker took it and when it ended, in ms from the run's start: the schedule's tail. */
  startedMs?: number;
  endedMs?: number;
}

export interface FileDurationsReport {
  startedAt: string;
  wallMs: number;
  files: FileDuration[];
}

export const fileDurationsPath = 'test-artifacts/file-durations.json';

export default class FileDurationsReporter implements Reporter {
  private startedAt = Date.now();
  private readonly started = new Map<string, number>();
  private readonly ended = new Map<string, number>();

  onTestRunStart(): void {
    this.startedAt = Date.now();
  }

  onTestModuleStart(module: TestModule): void {
    this.started.set(module.moduleId, Date.now() - this.startedAt);
  }

  onTestModuleEnd(module: TestModule): void {
    this.ended.set(module.moduleId, Date.now() - this.startedAt);
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const files = testModules.map((module): FileDuration => {
      const d = module.diagnostic();
      const importMs = d.collectDuration + d.setupDuration;
      return {
        file: relative(process.cwd(), module.moduleId),
        project: module.project.name,
        state: module.state(),
        totalMs: Math.round(d.environmentSetupDuration + d.prepareDuration + importMs + d.duration),
        importMs: Math.round(importMs),
        hooksAndTestsMs: Math.round(d.duration),
        startedMs: this.started.get(module.moduleId),
        endedMs: this.ended.get(module.moduleId),
      };
    });
    files.sort((a, b) => b.totalMs - a.totalMs);
    const report: FileDurationsReport = {
      startedAt: new Date(this.startedAt).toISOString(),
      wallMs: Date.now() - this.startedAt,
      files,
    };
    mkdirSync(dirname(fileDurationsPath), { recursive: true });
    writeFileSync(fileDurationsPath, `${JSON.stringify(report, null, 2)}\n`);
  }
}
