// The listings of received payments, one row per rail that lists them: read once a window by a
// scheduled job (shared/queues.ts `schedules`), whatever the number of charges still pending.
export const paymentListings = {
  /** API Pix `GET /pix?inicio&fim`: every Pix the PSP received in the window. */
  'api-pix': { everyMinutes: 1 },
  /** The sandbox rails' statement: every sandbox payment, as the bank behind them reports it. */
  sandbox: { everyMinutes: 1 },
} as const satisfies Record<string, { everyMinutes: number }>;

export type ListingName = keyof typeof paymentListings;

/** A listing never read before starts this far back. */
export const firstListingLookbackMs = 60 * 60_000;
