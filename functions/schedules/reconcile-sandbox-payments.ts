import { withLogContext } from '../../shared/log.ts';
import { reconcilePayments } from '../../shared/transactions/reconcile-payments.ts';

export const handler = async () =>
  withLogContext({ job: 'reconcile-sandbox-payments' }, () => reconcilePayments('sandbox'));
