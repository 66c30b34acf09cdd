// An amount as a merchant types it, read the way their locale writes numbers: "1.234,56" and
// "1.500" in Brazil or Colombia (a dot groups thousands, a comma marks cents), and the plain
// "49.90" a form's hint or another system may use (a dot followed by one or two digits can only
// be cents). Currency signs and spaces are ignored. Pure; the dashboard shows what will be saved
// before it saves.

/** Why a typed amount is refused, for a reader that words it in its own language. */
export type AmountProblem =
  | 'empty'
  | 'notPositive'
  | 'notDigits'
  | 'twoDecimalMarks'
  | 'badGrouping'
  | 'tooManyDecimals'
  | 'tooLarge';

/** `error` in English; `problem` (and `grouping`, the separator expected) for other languages. */
export type AmountReading = { cents: number } | { error: string; problem: AmountProblem; grouping?: string };

const refused = (problem: AmountProblem, error: string, grouping?: string): AmountReading =>
  grouping ? { error, problem, grouping } : { error, problem };

const groupedThousands = /^\d{1,3}(\.\d{3})+$/;

function digitsToCents(integer: string, fraction: string): number {
  return Number(integer) * 100 + Number(fraction.padEnd(2, '0'));
}

export function readAmountInput(text: string): AmountReading {
  const cleaned = text.replace(/[\s\u00a0]/g, '').replace(/^(R\$|Bs\.?|COP|BRL|BOB|\$)/i, '');
  if (cleaned === '') return refused('empty', 'enter an amount');
  if (/^-/.test(cleaned)) return refused('notPositive', 'must be more than zero');
  if (!/^[\d.,]+$/.test(cleaned))
    return refused('notDigits', 'use digits, with a comma or a dot before the cents');
  const lastComma = cleaned.lastIndexOf(',');
  const lastDot = cleaned.lastIndexOf('.');
  let integer: string;
  let fraction = '';
  if (lastComma >= 0 && lastDot >= 0) {
    // Both: the last one marks the cents, the other groups thousands.
    const decimal = lastComma > lastDot ? ',' : '.';
    const grouping = decimal === ',' ? '.' : ',';
    const [whole, cents, ...rest] = cleaned.split(decimal);
    if (rest.length || cents === undefined)
      return refused('twoDecimalMarks', 'has more than one decimal mark');
    if (!/^\d{1,3}([.,]\d{3})*$/.test(whole!) || whole!.includes(decimal))
      return refused(
        'badGrouping',
        `groups thousands wrongly (use ${grouping} every three digits)`,
        grouping,
      );
    integer = whole!.split(grouping).join('');
    fraction = cents;
  } else if (lastComma >= 0) {
    const [whole, cents, ...rest] = cleaned.split(',');
    if (rest.length) return refused('twoDecimalMarks', 'has more than one decimal mark');
    integer = whole!;
    fraction = cents!;
  } else if (lastDot >= 0) {
    // Dots only: groups of three are thousands ("1.500", "1.234.567"), else the dot marks cents.
    if (groupedThousands.test(cleaned)) integer = cleaned.split('.').join('');
    else {
      const [whole, cents, ...rest] = cleaned.split('.');
      if (rest.length)
        return refused('badGrouping', 'groups thousands wrongly (use . every three digits)', '.');
      integer = whole!;
      fraction = cents!;
    }
  } else integer = cleaned;
  if (integer === '') integer = '0';
  if (!/^\d+$/.test(integer))
    return refused('notDigits', 'use digits, with a comma or a dot before the cents');
  if (!/^\d{0,2}$/.test(fraction)) return refused('tooManyDecimals', 'has more than two decimal places');
  const cents = digitsToCents(integer, fraction);
  if (!Number.isSafeInteger(cents)) return refused('tooLarge', 'is too large');
  if (cents === 0) return refused('notPositive', 'must be more than zero');
  return { cents };
}
