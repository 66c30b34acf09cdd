import type { QueueName } from './queues.ts';

/** What a function may touch; the CDK stack turns each into the narrowest IAM grant. */
export type Grant =
  | 'table:read'
  | 'table:write'
  | 'bucket:read'
  | 'bucket:write'
  | `queue:${QueueName}:send`
  /** Read queue attributes (the health check). */
  | 'queues:health';
