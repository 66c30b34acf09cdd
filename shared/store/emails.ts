// The payer e-mails of a transaction: one item per (transaction, kind) beside the transaction,
// written in the same DynamoDB transaction as the state change that owes it, with a work-index
// entry (the sweeper re-enqueues an e-mail whose job was lost) until it is sent or settled.
import { createHash } from 'node:crypto';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import { tableName } from '../config.ts';
import type { EmailKind, EmailStatus } from '../emails/email-kinds.ts';
import { emailOwed } from '../emails/email-owed.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';
import { writeIf } from './conditional-writes.ts';
import { keys } from './keys.ts';
import { withoutKeys } from './records.ts';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface EmailRecord {
  accountId: string;
  transactionId: string;
  kind: EmailKind;
  to: string;
  status: EmailStatus;
  createdAt: string;
  sentAt: string | null;
  /** When a worker took it to send (SENDING); a claim older than the send's timeout may be taken again. */
  claimedAt?: string;
  /** Why it was not sent (SKIPPED, SUPPRESSED, FAILED). */
  reason?: string;
}

/**
 * The e-mail item a state change adds to its own write (Put only if absent: one per kind), or
 * none when the payer is owed no e-mail (`sendEmails: false`): the transaction's view shows
 * those as SKIPPED without an item, so turning e-mails off costs no write and no worker run.
 */
export function emailJobItems(
  transaction: TransactionRecord,
  kind: EmailKind,
  dueAt: string,
  now: Date,
): TransactItem[] {
  if (!emailOwed(transaction)) return [];
  const record: EmailRecord = {
    accountId: transaction.accountId,
    transactionId: transaction.id,
    kind,
    to: transaction.payer.email,
    status: 'QUEUED',
    createdAt: now.toISOString(),
    sentAt: null,
  };
  return [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.email(transaction.accountId, transaction.id, kind),
          ...keys.pendingWork('send-email', dueAt, transaction.id),
          entity: 'email',
          // The work index projects `type` (not `kind`): the sweeper reads the kind from it.
          type: kind,
          ...record,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}

export async function getEmail(
  accountId: string,
  transactionId: string,
  kind: EmailKind,
): Promise<EmailRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.email(accountId, transactionId, kind),
      ConsistentRead: true,
    }),
  );
  return Item ? withoutKeys<EmailRecord>(Item) : undefined;
}

/** The transaction's e-mails (at most one per kind: a bounded read). */
export async function listEmails(accountId: string, transactionId: string): Promise<EmailRecord[]> {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.transactionItemsPartition(accountId, transactionId),
        ':prefix': keys.emailPrefix,
      },
    }),
  );
  return (Items ?? []).map((item) => withoutKeys<EmailRecord>(item));
}

/**
 * Takes the e-mail to send it: QUEUED, or SENDING by a worker that died before `staleBefore`.
 * Only one job wins, so a duplicated job sends nothing twice.
 */
export function claimEmail(email: EmailRecord, now: Date, staleBefore: Date): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.email(email.accountId, email.transactionId, email.kind),
      UpdateExpression: 'SET #status = :sending, claimedAt = :now',
      ConditionExpression: '#status = :queued OR (#status = :sending AND claimedAt < :stale)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':sending': 'SENDING',
        ':queued': 'QUEUED',
        ':now': now.toISOString(),
        ':stale': staleBefore.toISOString(),
      },
    }),
  );
}

/** SENDING (or QUEUED, for a decision not to send) → its final status; the work entry ends. */
export function settleEmail(
  email: EmailRecord,
  status: Extract<EmailStatus, 'SENT' | 'SKIPPED' | 'SUPPRESSED' | 'FAILED'>,
  now: Date,
  reason?: string,
): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.email(email.accountId, email.transactionId, email.kind),
      UpdateExpression: `SET #status = :status, sentAt = :sentAt${reason ? ', reason = :reason' : ''} REMOVE gsi2pk, gsi2sk`,
      ConditionExpression: '#status IN (:queued, :sending)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': status,
        ':sentAt': status === 'SENT' ? now.toISOString() : null,
        ':queued': 'QUEUED',
        ':sending': 'SENDING',
        ...(reason ? { ':reason': reason } : {}),
      },
    }),
  );
}

/** Addresses are compared lower-cased and stored only as a hash. */
export function addressHash(address: string): string {
  return createHash('sha256').update(address.trim().toLowerCase()).digest('hex');
}

export async function isSuppressed(address: string): Promise<boolean> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.emailSuppression(addressHash(address)) }),
  );
  return Boolean(Item);
}

export async function suppressAddress(
  address: string,
  reason: 'bounce' | 'complaint',
  now: Date,
): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.emailSuppression(addressHash(address)),
        entity: 'emailSuppression',
        reason,
        createdAt: now.toISOString(),
      },
    }),
  );
}

/** SENDING → QUEUED after a failed send, so the retried job may claim it at once. */
export function releaseEmail(email: EmailRecord): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.email(email.accountId, email.transactionId, email.kind),
      UpdateExpression: 'SET #status = :queued REMOVE claimedAt',
      ConditionExpression: '#status = :sending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':queued': 'QUEUED', ':sending': 'SENDING' },
    }),
  );
}
