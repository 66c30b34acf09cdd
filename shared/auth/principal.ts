import type { Permission } from '../permissions.ts';

/** Who is calling: resolved from the API key, carried down to every use case and the store. */
export interface Principal {
  readonly accountId: string;
  readonly userId: string;
  readonly keyId: string;
  readonly permissions: readonly Permission[];
}
