// DynamoDB Local is a Java program. Without a suitable Java, say so in one line (what is missing
// and how to install it) instead of letting `spawn java ENOENT` surface as a stack trace.
import { spawnSync } from 'node:child_process';

export const minimumJavaMajor = 17;

const installHint =
  'install Java 17 or newer (Debian/Ubuntu: `sudo apt-get install openjdk-17-jre-headless`; ' +
  'macOS: `brew install openjdk@17`; Windows: `winget install EclipseAdoptium.Temurin.17.JRE`) ' +
  'and make sure `java` is on the PATH';

/** A prerequisite the user has to install: its stack (printed by npm start and by vitest) is its message. */
export class JavaRuntimeMissing extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JavaRuntimeMissing';
    this.stack = `${this.name}: ${message}`;
  }
}

/** The major version in `java -version` output: `"17.0.15"` → 17, `"1.8.0_402"` → 8. */
export function javaMajorVersion(versionOutput: string): number | null {
  const quoted = /version "([^"]+)"/.exec(versionOutput)?.[1];
  if (!quoted) return null;
  const [first, second] = quoted.split(/[._-]/);
  const major = first === '1' ? Number(second) : Number(first);
  return Number.isInteger(major) ? major : null;
}

/** Throws JavaRuntimeMissing, with a one-line explanation, unless `java` is 17 or newer. */
export function assertJavaRuntime(env: NodeJS.ProcessEnv = process.env): void {
  const probe = spawnSync('java', ['-version'], { env, encoding: 'utf8', timeout: 15_000 });
  if (probe.error) {
    const missing = (probe.error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new JavaRuntimeMissing(
      missing
        ? `DynamoDB Local needs Java ${minimumJavaMajor}+, but no \`java\` was found on the PATH: ${installHint}.`
        : `DynamoDB Local needs Java ${minimumJavaMajor}+, but \`java -version\` failed (${probe.error.message}): ${installHint}.`,
    );
  }
  const major = javaMajorVersion(`${probe.stderr}\n${probe.stdout}`);
  if (major === null || major < minimumJavaMajor) {
    const found = major === null ? 'a Java whose version could not be read' : `Java ${major}`;
    throw new JavaRuntimeMissing(
      `DynamoDB Local needs Java ${minimumJavaMajor}+, but \`java\` on the PATH is ${found}: ${installHint}.`,
    );
  }
}
