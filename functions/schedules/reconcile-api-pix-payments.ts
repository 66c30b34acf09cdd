import { withLogContext } from '../../shared/log.ts';
import { readListing } from '../../shared/transactions/reconcile-payments.ts';

export const handler = async () =>
  withLogContext({ job: 'reconcile-api-pix-payments' }, () => readListing('api-pix'));
