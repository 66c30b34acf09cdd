// Compile-time checks that a domain type and the valibot schema documenting it describe the
// same object: each assignable to the other and the same keys (an extra optional field counts).
// A field added to one side only stops `tsc`, so the published document cannot fall behind.

type MutuallyAssignable<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;

/** Resolves only when `A` and `B` match; use as `export type _ = Matches<Domain, Schema>`. */
export type Matches<A, B> =
  MutuallyAssignable<A, B> extends true
    ? SameKeys<A, B> extends true
      ? true
      : { error: 'the domain type and its schema have different keys'; domain: keyof A; schema: keyof B }
    : { error: 'the domain type and its schema are not assignable to each other' };

export type Assert<T extends true> = T;
