// How a POST honours `Idempotency-Key` (the purchase and the refund alike): the key is claimed
// before the work starts; the work completes it in its own write with the response it answers;
// a retry with the same key and body replays that response, another body is refused (422), and
// one still in flight is told to retry (409). A request that fails gives its key back.
import { badRequest, conflict, unprocessable } from '../errors.ts';
import {
  claimIdempotencyKey,
  type IdempotencyCompletion,
  releaseIdempotencyKey,
} from '../store/idempotency.ts';
import { requestHash } from './request-hash.ts';

const idempotencyKeyPattern = /^[\x21-\x7E]{1,255}$/;

export type IdempotentStart =
  | { kind: 'replay'; body: unknown }
  /** `lockId`: the claim to complete in the work's write; absent when no key was sent. */
  | { kind: 'fresh'; lockId?: string };

export function checkIdempotencyKey(idempotencyKey: string | undefined): void {
  if (idempotencyKey !== undefined && !idempotencyKeyPattern.test(idempotencyKey))
    throw badRequest('idempotency.key_invalid', 'Idempotency-Key: must be 1 to 255 visible ASCII characters');
}

/** `request`: what makes two requests the same (the body, and for a sub-resource its parent). */
export async function startIdempotent(
  accountId: string,
  idempotencyKey: string | undefined,
  request: unknown,
  now: Date,
): Promise<IdempotentStart> {
  checkIdempotencyKey(idempotencyKey);
  if (idempotencyKey === undefined) return { kind: 'fresh' };
  const claim = await claimIdempotencyKey(accountId, idempotencyKey, requestHash(request), now.getTime());
  // Only completed 2xx are stored (failures give the key back).
  if (claim.kind === 'replay') return { kind: 'replay', body: claim.response.body };
  if (claim.kind === 'mismatch')
    throw unprocessable(
      'idempotency.mismatch',
      'Idempotency-Key: was already used with a different request body',
    );
  if (claim.kind === 'in-flight') throw idempotencyInFlight();
  return { kind: 'fresh', lockId: claim.lockId };
}

export const idempotencyInFlight = () =>
  conflict(
    'idempotency.in_flight',
    'Idempotency-Key: a request with this key is still being processed; retry later',
  );

/** What the work's write carries to complete the claim with its 201 answer; nothing without a key. */
export function idempotentCompletion(
  accountId: string,
  idempotencyKey: string | undefined,
  lockId: string | undefined,
  body: unknown,
): { idempotency?: IdempotencyCompletion } {
  if (idempotencyKey === undefined || !lockId) return {};
  return { idempotency: { accountId, key: idempotencyKey, lockId, response: { statusCode: 201, body } } };
}

/** Gives the key back after the work failed, so the client can retry with it. */
export async function releaseIdempotent(
  accountId: string,
  idempotencyKey: string | undefined,
  lockId: string | undefined,
): Promise<void> {
  if (idempotencyKey !== undefined && lockId)
    await releaseIdempotencyKey(accountId, idempotencyKey, lockId).catch(() => undefined);
}
