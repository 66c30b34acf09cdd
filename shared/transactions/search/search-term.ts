// What `GET /transactions?q=` looks for, read from the text the merchant typed: an exact
// transaction id, an exact externalId, an exact payer e-mail, or the start of the payer's name.
// Each kind is answered from its own key or index (store/transaction-search.ts).

/** Letters a name search needs: the index buckets names by their first three. */
export const namePrefixMinLength = 3;

/**
 * A name as the index compares it: accents and case dropped, every run of other characters one
 * space (`"  Maria  José d'Ávila"` → `"maria jose d avila"`), so a payer is found however typed.
 */
export function normalizePayerName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The index partition a normalised name (or a prefix of at least three letters) falls in. */
export function payerNameBucket(normalizedName: string): string {
  return normalizedName.slice(0, namePrefixMinLength);
}

/** An e-mail as the index compares it. */
export function normalizePayerEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface SearchTerm {
  /** Looked up by its key: only when the text is a transaction id's shape. */
  transactionId: string | null;
  /** Always looked up (exactly as typed, trimmed). */
  externalId: string;
  /** Looked up in the e-mail index when the text is an address. */
  email: string | null;
  /** Looked up in the name index when the text is neither an address nor a number, with three letters or more. */
  namePrefix: string | null;
}

export function searchTerm(q: string): SearchTerm {
  const text = q.trim();
  const isAddress = text.includes('@');
  const transactionId = /^\d{1,40}$/.test(text) ? text : null;
  // Names have letters: a number is an id or an externalId.
  const name = isAddress || transactionId ? '' : normalizePayerName(text);
  return {
    transactionId,
    externalId: text,
    email: isAddress ? normalizePayerEmail(text) : null,
    namePrefix: name.length >= namePrefixMinLength ? name : null,
  };
}

/** The index a search pages through (exact matches come on its first page only). */
export function searchIndexOf(term: SearchTerm): 'email' | 'name' | null {
  if (term.email) return 'email';
  if (term.namePrefix) return 'name';
  return null;
}
