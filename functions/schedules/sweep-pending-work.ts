import { withLogContext } from '../../shared/log.ts';
import { sweepPendingWork } from '../../shared/transactions/sweep-pending-work.ts';

export const handler = async () => withLogContext({ job: 'sweep-pending-work' }, () => sweepPendingWork());
