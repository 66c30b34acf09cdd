// GET /events query parameters.
import * as v from 'valibot';
import { createdRangeRule, instantParam } from '../http/date-range.ts';
import { cursorParam, limitParam } from '../http/pagination.ts';
import { deliveryStatuses } from './event.ts';
import { eventTypeNames } from './event-types.ts';

export const listEventsQuery = v.pipe(
  v.strictObject({
    limit: v.optional(limitParam),
    cursor: v.optional(cursorParam),
    type: v.optional(v.picklist(eventTypeNames, `must be one of ${eventTypeNames.join(', ')}`)),
    deliveryStatus: v.optional(v.picklist(deliveryStatuses, `must be one of ${deliveryStatuses.join(', ')}`)),
    createdFrom: v.optional(v.pipe(instantParam, v.description('Inclusive lower bound of createdAt.'))),
    createdTo: v.optional(
      v.pipe(instantParam, v.description('Inclusive upper bound of createdAt; not before createdFrom.')),
    ),
  }),
  v.forward(
    v.partialCheck([['createdFrom'], ['createdTo']], createdRangeRule.holds, createdRangeRule.message),
    ['createdTo'],
  ),
);

export type ListEventsQuery = v.InferOutput<typeof listEventsQuery>;
