// SQS queues (each with a DLQ and redrive policy) and the image bucket on fauxqs, created
// from the same queue table the CDK stack reads.
import { mkdirSync } from 'node:fs';
import { type FauxqsServer, startFauxqs } from 'fauxqs';
import { type QueueName, queueNames, queues } from '../../shared/queues.ts';

export interface LocalQueue {
  name: string;
  url: string;
  arn: string;
  dlqUrl: string;
  dlqName: string;
  queueName: string;
}

export interface LocalMessaging {
  server: FauxqsServer;
  endpoint: string;
  queues: Record<QueueName, LocalQueue>;
  bucket: string;
  /** Prepared export files (GET /transactions/export). */
  exportsBucket: string;
  stop(): Promise<void>;
}

/** A queue and its DLQ, with the redrive policy Lambda's event source relies on. */
export function createQueueWithDlq(
  server: FauxqsServer,
  prefix: string,
  name: string,
  options: { visibilityTimeoutSeconds: number; maxReceiveCount: number },
): LocalQueue {
  const dlqName = `${prefix}-${name}-dlq`;
  const queueName = `${prefix}-${name}`;
  const dlq = server.createQueue(dlqName, { attributes: { MessageRetentionPeriod: String(14 * 24 * 3600) } });
  const queue = server.createQueue(queueName, {
    attributes: {
      VisibilityTimeout: String(options.visibilityTimeoutSeconds),
      RedrivePolicy: JSON.stringify({
        deadLetterTargetArn: dlq.queueArn,
        maxReceiveCount: options.maxReceiveCount,
      }),
    },
  });
  return { name, url: queue.queueUrl, arn: queue.queueArn, dlqUrl: dlq.queueUrl, dlqName, queueName };
}

export async function startMessaging(options: {
  dataDir?: string;
  prefix: string;
  visibilityTimeoutSeconds?: number;
}): Promise<LocalMessaging> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const server = await startFauxqs({
    port: 0,
    logger: false,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  });
  const created = {} as Record<QueueName, LocalQueue>;
  for (const name of queueNames) {
    const definition = queues[name];
    created[name] = createQueueWithDlq(server, options.prefix, name, {
      visibilityTimeoutSeconds: options.visibilityTimeoutSeconds ?? definition.workerTimeoutSeconds * 6,
      maxReceiveCount: definition.maxReceiveCount,
    });
  }
  const bucket = `${options.prefix}-images`;
  server.createBucket(bucket);
  const exportsBucket = `${options.prefix}-exports`;
  server.createBucket(exportsBucket);
  return {
    server,
    endpoint: server.address,
    queues: created,
    bucket,
    exportsBucket,
    stop: () => server.stop(),
  };
}
