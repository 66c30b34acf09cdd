// The flood scenario of limiter-contention.ts on this service's limiter: each instance a
// LeasingLimiter of its own, writing through the limiter's client to whatever DynamoDB this
// process's configuration points at (the bench stack's, or bench-limiter.ts's own).
import { rateLimitDynamo } from '../../shared/aws/clients.ts';
import { LeasingLimiter } from '../../shared/limits/leasing-limiter.ts';
import { leaseTokens } from '../../shared/store/rate-limits.ts';
import {
  type ContentionResult,
  type ContentionSettings,
  floodSettings,
  measureLimiterContention,
} from './limiter-contention.ts';

export function measureLimiterFlood(
  settings: ContentionSettings = floodSettings,
  progress?: (message: string) => void,
): Promise<ContentionResult> {
  const policy = { perSecond: settings.perSecond, burst: settings.burst };
  return measureLimiterContention({
    settings,
    subject: `bench-flood-${Date.now().toString(36)}`,
    clientStack: rateLimitDynamo().middlewareStack,
    instance: () => {
      const limiter = new LeasingLimiter({ lease: leaseTokens });
      return (subject) => limiter.take(subject, policy);
    },
    ...(progress ? { progress } : {}),
  });
}
