// Explicit bounds on the shape of a JSON body, checked by one iterative scan of the raw text
// before anything parses or walks it: JSON.parse's own stack limit (a few thousand levels) is no
// rule, and the code after it recurses (the Idempotency-Key hash, the metadata size check,
// valibot). A body that breaks a bound is a 400 naming it; the scan does not validate the JSON
// (the parser still does), it only measures nesting, array items and object keys.

export const jsonLimits = {
  /**
   * Objects and arrays nested inside each other, the body itself being level 1: room for product
   * metadata deeper than DynamoDB's own 32 levels (stored as JSON text), far from any stack limit.
   */
  maxDepth: 64,
  /** Items in one array. */
  maxArrayItems: 10_000,
  /** Keys in one object. */
  maxObjectKeys: 1_000,
} as const;

interface OpenContainer {
  array: boolean;
  /** Items (or keys) seen so far; the one being read counts once something of it appears. */
  items: number;
  /** Whether a value (or key) has started since the last comma / the opening bracket. */
  itemStarted: boolean;
}

function tooMany(container: OpenContainer): string | null {
  if (container.array && container.items > jsonLimits.maxArrayItems)
    return `an array has more than ${jsonLimits.maxArrayItems} items`;
  if (!container.array && container.items > jsonLimits.maxObjectKeys)
    return `an object has more than ${jsonLimits.maxObjectKeys} keys`;
  return null;
}

/** The first bound the raw JSON text breaks, in words, or null when it keeps all of them. */
export function jsonShapeViolation(text: string): string | null {
  const stack: OpenContainer[] = [];
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) index += 1;
      else if (char === 0x22 /* " */) inString = false;
      continue;
    }
    // Space, tab, line feed, carriage return separate tokens and start nothing.
    if (char === 0x20 || char === 0x09 || char === 0x0a || char === 0x0d) continue;
    const top = stack.at(-1);
    if (char === 0x2c /* , */) {
      if (top) top.itemStarted = false;
      continue;
    }
    if (char === 0x5d /* ] */ || char === 0x7d /* } */) {
      stack.pop();
      continue;
    }
    if (char === 0x3a /* : */) continue;
    if (top && !top.itemStarted) {
      top.itemStarted = true;
      top.items += 1;
      const violation = tooMany(top);
      if (violation) return violation;
    }
    if (char === 0x22) {
      inString = true;
      // In an object, the string just opened is a key, and its value follows the colon.
      continue;
    }
    if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      stack.push({ array: char === 0x5b, items: 0, itemStarted: false });
      if (stack.length > jsonLimits.maxDepth)
        return `nesting is deeper than ${jsonLimits.maxDepth} levels of objects and arrays`;
    }
  }
  return null;
}
