import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { javaMajorVersion } from '../../infra/local/java-runtime.ts';

describe('javaMajorVersion', () => {
  it('reads the major version from java -version output', () => {
    expect(javaMajorVersion('openjdk version "17.0.15" 2025-04-15\nOpenJDK Runtime Environment')).toBe(17);
    expect(javaMajorVersion('openjdk version "21" 2023-09-19')).toBe(21);
    expect(javaMajorVersion('java version "1.8.0_402"\nJava(TM) SE Runtime Environment')).toBe(8);
    expect(javaMajorVersion('openjdk version "11.0.22" 2024-01-16')).toBe(11);
    expect(javaMajorVersion('command not found')).toBeNull();
  });
});

// npm start on a machine without a suitable Java: one line naming what is missing and how to
// install it, a non-zero exit, and no stack trace.
describe('npm start without Java 17+', () => {
  const made: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });

  // Only Node on the PATH (and, for the second case, a `java` that reports version 11).
  function startWithPath(extraBin?: string) {
    const nodeBin = tempDir('node-only-');
    symlinkSync(process.execPath, join(nodeBin, 'node'));
    const path = [extraBin, nodeBin].filter(Boolean).join(':');
    return spawnSync(process.execPath, ['infra/local/start.ts', '--in-memory'], {
      env: {
        PATH: path,
        HOME: process.env.HOME,
        PORT: '0',
        LOCAL_DATA_DIR: tempDir('data-'),
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
  }

  it('says Java is missing and how to install it, and exits non-zero', () => {
    const run = startWithPath();
    expect(run.status).not.toBe(0);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/needs Java 17\+, but no `java` was found on the PATH/);
    expect(lines[0]).toMatch(/apt-get install openjdk-17-jre-headless/);
    expect(run.stderr).not.toMatch(/ENOENT|\n\s+at /);
  });

  it('says the Java on the PATH is too old', () => {
    const fakeBin = tempDir('old-java-');
    const java = join(fakeBin, 'java');
    writeFileSync(java, '#!/bin/sh\necho \'openjdk version "11.0.22" 2024-01-16\' >&2\n');
    chmodSync(java, 0o755);
    const run = startWithPath(fakeBin);
    expect(run.status).not.toBe(0);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/needs Java 17\+, but `java` on the PATH is Java 11/);
  });
});
