// A dispute as the API shows it (on the transaction), as a schema; the assertion keeps it equal
// to the domain type.
import * as v from 'valibot';
import { timestamp } from '../http/response-fields.ts';
import type { Assert, Matches } from '../openapi/same-type.ts';
import { type DisputeView, disputeStatuses } from './dispute.ts';

export const disputeSchema = v.pipe(
  v.object({
    id: v.pipe(
      v.string(),
      v.regex(/^dp_/),
      v.description("`dp_`, the transaction id and a part derived from the rail's id of the dispute."),
    ),
    amount: v.pipe(v.number(), v.integer(), v.description("Cents of the transaction's currency taken back.")),
    reason: v.pipe(
      v.string(),
      v.description(
        "Why, in the rail's words (Pix: the MED devolução's `natureza`, e.g. MED_FRAUDE, and its `motivo`).",
      ),
    ),
    status: v.pipe(
      v.picklist(disputeStatuses),
      v.description(
        "OPEN while the rail is taking the money back (its amount has left the balance); LOST once it went back to the payer; WON when the payer's bank did not carry it out (the amount is back in the balance).",
      ),
    ),
    createdAt: timestamp,
    updatedAt: timestamp,
  }),
  v.title('Dispute'),
);

export type _DisputeMatches = Assert<Matches<DisputeView, v.InferOutput<typeof disputeSchema>>>;
