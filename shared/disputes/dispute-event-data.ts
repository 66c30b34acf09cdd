// What a `cashin.disputed` or `cashin.dispute_closed` event carries: the transaction's id and the
// dispute as the state change left it, one shape for the catalogue, the store and the document.
import * as v from 'valibot';
import { timestamp } from '../http/response-fields.ts';
import type { Assert, Matches } from '../openapi/same-type.ts';

export interface DisputeEventData {
  transactionId: string;
  dispute: {
    id: string;
    /** Cents of the transaction's currency taken back by the payer's bank. */
    amount: number;
    reason: string;
    status: string;
    createdAt: string;
    updatedAt: string;
  };
}

export const disputeEventDataSchema = v.pipe(
  v.object({
    transactionId: v.string(),
    dispute: v.object({
      id: v.string(),
      amount: v.pipe(v.number(), v.integer(), v.description("Cents of the transaction's currency.")),
      reason: v.pipe(
        v.string(),
        v.description("Why the payer's bank took the money back (MED: `MED_FRAUDE`, …)."),
      ),
      status: v.string(),
      createdAt: timestamp,
      updatedAt: timestamp,
    }),
  }),
  v.title('DisputeEventData'),
);

export type _DisputeEventDataMatches = Assert<
  Matches<DisputeEventData, v.InferOutput<typeof disputeEventDataSchema>>
>;
