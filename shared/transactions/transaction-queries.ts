// Query-string schemas of the transaction routes.
import * as v from 'valibot';

export const getTransactionQuery = v.object({
  searchBy: v.optional(
    v.pipe(
      v.picklist(['id', 'externalId'], 'must be "id" or "externalId"'),
      v.metadata({ description: '`externalId`: the path segment is your externalId instead of the id.' }),
    ),
    'id',
  ),
});
