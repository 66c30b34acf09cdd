// Why a typed amount is refused, in the dashboard's language (shared/money/amount-input.ts and
// the refund form name the problem; the words are the catalogue's).
import type { AmountProblem } from '../../shared/money/amount-input.ts';
import { t } from './i18n/i18n.ts';

export type AmountRefusal =
  | { problem: AmountProblem; grouping?: string }
  | { problem: 'overLeft'; left: string };

export function amountProblemText(refusal: AmountRefusal): string {
  if (refusal.problem === 'overLeft') return t('amount.overLeft', { left: refusal.left });
  if (refusal.problem === 'badGrouping')
    return t('amount.badGrouping', { grouping: refusal.grouping ?? '.' });
  return t(`amount.${refusal.problem}`);
}
