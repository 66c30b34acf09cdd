// The outcome of a pure check: the normalised value, or the rule that failed. A reason is
// written to follow "<field>: " and never repeats the input (it may be a document number).

export type Checked<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly reason: string };

export const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
export const fail = <T = never>(reason: string): Checked<T> => ({ ok: false, reason });
