// One SQS work queue per row of shared/queues.ts, each with its dead-letter queue.
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { QueueDef } from '../../shared/queues.ts';
import { pascalCase } from '../names.ts';

export interface WorkQueue {
  readonly name: string;
  readonly def: QueueDef;
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
}

export interface WorkQueuesProps {
  readonly queues: Readonly<Record<string, QueueDef>>;
  readonly removalPolicy: RemovalPolicy;
}

export class WorkQueues extends Construct {
  readonly byName = new Map<string, WorkQueue>();

  constructor(scope: Construct, id: string, props: WorkQueuesProps) {
    super(scope, id);
    const common = {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: props.removalPolicy,
    };
    for (const [name, def] of Object.entries(props.queues)) {
      const pascal = pascalCase(name);
      // A message keeps its first enqueue time in the DLQ, so the DLQ keeps messages longer (the
      // maximum, 14 days) than the work queue (7 days, over twice the ~3-day webhook schedule).
      const deadLetterQueue = new Queue(this, `${pascal}Dlq`, {
        ...common,
        retentionPeriod: Duration.days(14),
      });
      const queue = new Queue(this, pascal, {
        ...common,
        retentionPeriod: Duration.days(7),
        // Six worker timeouts, as AWS advises, so a batch is not redelivered while still in flight.
        visibilityTimeout: Duration.seconds(6 * def.workerTimeoutSeconds),
        deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: def.maxReceiveCount },
      });
      this.byName.set(name, { name, def, queue, deadLetterQueue });
    }
  }
}
