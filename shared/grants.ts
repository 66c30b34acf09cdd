import type { QueueName } from './queues.ts';
import type { KeyScope } from './store/keys.ts';

/** What a function may touch; the CDK stack turns each into the narrowest IAM grant. */
export type Grant =
  | 'table:read'
  | 'table:write'
  /** Read only items whose partition key is in the scope (shared/store/keys.ts keyScopes). */
  | `table:read:${KeyScope}`
  /** Read and write only items whose partition key is in the scope. */
  | `table:write:${KeyScope}`
  /** Spend rate-limit tokens: UpdateItem on the rate-limit buckets only. */
  | 'table:rate-limit'
  /** Note the day an API key was last used: UpdateItem on API keys, of that one attribute only. */
  | 'table:key-usage'
  | 'bucket:read'
  | 'bucket:write'
  /** Write export files and presign links to them (the private exports bucket). */
  | 'exports:write'
  | `queue:${QueueName}:send`
  /** Send to the queue's dead-letter queue (a worker that dead-letters a job itself). */
  | `queue:${QueueName}:dead-letter`
  /** Open sealed secrets (kms:Decrypt on the stage's secrets key): only functions that sign. */
  | 'secrets:open'
  /** Seal new secrets (kms:GenerateDataKey on the stage's secrets key). */
  | 'secrets:seal'
  /** Invalidate paths in the image CDN (CloudFront CreateInvalidation on its distribution). */
  | 'cdn:invalidate'
  /** Send e-mail: SES in AWS (the stage's identity and configuration set), the local SMTP server locally. */
  | 'email:send'
  /** Read queue attributes (the health check). */
  | 'queues:health'
  /** Call the stage's real rails (API Pix): their settings and read access to their secret. */
  | 'rails:live'
  /** Know which real rails the stage runs (LIVE_RAILS), to route a purchase; no settings, no secret. */
  | 'rails:choose';
