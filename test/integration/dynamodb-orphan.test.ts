// If the Node process that started DynamoDB Local is killed outright (no exit handlers run),
// Java must not linger.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../infra/local/repo-root.ts';
import { pollUntil } from '../support/api.ts';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('DynamoDB Local', () => {
  it('dies within seconds when its Node parent is SIGKILLed', async () => {
    const parent = spawn(process.execPath, ['test/support/start-dynamodb-then-wait.ts'], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    parent.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const javaPid = Number(
      await pollUntil(
        async () => output.trim(),
        (text) => /^\d+$/.test(text),
        120_000,
        100,
      ),
    );
    expect(javaPid).toBeGreaterThan(0);
    expect(alive(javaPid)).toBe(true);
    parent.kill('SIGKILL');
    expect(
      await pollUntil(
        async () => alive(javaPid),
        (running) => !running,
        15_000,
        100,
      ),
    ).toBe(false);
  }, 180_000);
});
