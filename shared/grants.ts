import type { QueueName } from './queues.ts';

/** What a function may touch; the CDK stack turns each into the narrowest IAM grant. */
export type Grant =
  | 'table:read'
  | 'table:write'
  | 'bucket:read'
  | 'bucket:write'
  | `queue:${QueueName}:send`
  /** Send to the queue's dead-letter queue (a worker that dead-letters a job itself). */
  | `queue:${QueueName}:dead-letter`
  /** Read queue attributes (the health check). */
  | 'queues:health'
  /** Call the stage's real rails (API Pix): their settings and read access to their secret. */
  | 'rails:live';
