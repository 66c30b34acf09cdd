import { withLogContext } from '../../shared/log.ts';
import { sweepInstructions } from '../../shared/transactions/sweep-instructions.ts';

export const handler = async (): Promise<{ enqueued: number }> => withLogContext({ job: 'sweep-instructions' }, () => sweepInstructions());
