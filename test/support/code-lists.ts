// Finds hand-written lists of given words (payment-method codes) in TypeScript source: two or more
// of them as literal tokens in one bracket group and statement (an array, a union type, a call's
// arguments, an object keyed by them, a chain of comparisons), or inside one string. Comments,
// and words inside longer strings, do not count. A scanner of tokens, not a parser: enough to
// tell `['PSE', 'NEQUI']` from `method === 'PSE'`, and kept honest by its own unit test.

export interface ListFinding {
  readonly line: number;
  readonly words: readonly string[];
}

interface Group {
  readonly words: Map<string, number>;
}

const opening = new Set(['(', '[', '{']);
const closing = new Set([')', ']', '}']);
/** After these a `/` starts a regular expression, not a division. */
const beforeRegex = new Set([
  '(',
  ',',
  '=',
  ':',
  '[',
  '!',
  '&',
  '|',
  '?',
  '{',
  '}',
  ';',
  '+',
  '-',
  '*',
  '<',
  '>',
  '~',
  '^',
  '%',
]);

export function findWordLists(source: string, words: ReadonlySet<string>): ListFinding[] {
  const findings: ListFinding[] = [];
  const stack: Group[] = [{ words: new Map() }];
  let line = 1;
  let lastSignificant = '';
  let lastWord = '';

  const flush = (group: Group) => {
    if (group.words.size >= 2)
      findings.push({ line: Math.min(...group.words.values()), words: [...group.words.keys()] });
    group.words.clear();
  };
  const note = (word: string, at: number) => {
    const group = stack.at(-1)!;
    if (!group.words.has(word)) group.words.set(word, at);
  };
  const noteString = (content: string, at: number) => {
    if (words.has(content)) return note(content, at);
    // Prose lists them as "BANK_TRANSFER, QR", "PSE / NEQUI" or "PSE or NEQUI".
    for (const [run] of content.matchAll(
      /\b[A-Z][A-Z0-9_]*(?:(?:\s*[,/|]\s*|\s+(?:or|and)\s+)[A-Z][A-Z0-9_]*)+\b/g,
    )) {
      const listed = new Set(run.split(/\s*[,/|]\s*|\s+(?:or|and)\s+/).filter((word) => words.has(word)));
      if (listed.size >= 2) findings.push({ line: at, words: [...listed] });
    }
  };

  let i = 0;
  while (i < source.length) {
    const char = source[i]!;
    const next = source[i + 1];
    if (char === '\n') {
      line++;
      i++;
      continue;
    }
    if (/\s/.test(char)) {
      i++;
      continue;
    }
    if (char === '/' && next === '/') {
      while (i < source.length && source[i] !== '\n') i++;
      continue;
    }
    if (char === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      line += source.slice(i, stop).split('\n').length - 1;
      i = stop;
      continue;
    }
    if (
      char === '/' &&
      (beforeRegex.has(lastSignificant) || lastSignificant === '' || lastWord === 'return')
    ) {
      let j = i + 1;
      let inClass = false;
      while (j < source.length && source[j] !== '\n') {
        const c = source[j];
        if (c === '\\') {
          j += 2;
          continue;
        }
        if (c === '/' && !inClass) break;
        if (c === '[') inClass = true;
        else if (c === ']') inClass = false;
        j++;
      }
      i = j + 1;
      while (/[a-z]/.test(source[i] ?? '')) i++;
      lastSignificant = 'regex';
      lastWord = '';
      continue;
    }
    if (char === "'" || char === '"' || char === '`') {
      const start = line;
      let j = i + 1;
      let content = '';
      let depth = 0;
      while (j < source.length) {
        const c = source[j]!;
        if (c === '\\') {
          content += source[j + 1] ?? '';
          j += 2;
          continue;
        }
        if (c === '\n') line++;
        if (char === '`' && c === '$' && source[j + 1] === '{') depth++;
        else if (char === '`' && depth > 0 && c === '}') depth--;
        else if (c === char && depth === 0) break;
        content += c;
        j++;
      }
      noteString(content, start);
      i = j + 1;
      lastSignificant = 'string';
      lastWord = '';
      continue;
    }
    if (/[A-Za-z_$]/.test(char)) {
      let j = i;
      while (j < source.length && /[\w$]/.test(source[j]!)) j++;
      const word = source.slice(i, j);
      // An object key: `PSE: …` (not `a ? PSE : b`, which is rare enough to ignore).
      const after = source.slice(j).match(/^\s*(\??:)/);
      if (words.has(word) && after?.[1] === ':' && lastSignificant !== '?') note(word, line);
      i = j;
      lastSignificant = 'word';
      lastWord = word;
      continue;
    }
    if (opening.has(char)) stack.push({ words: new Map() });
    else if (closing.has(char)) {
      if (stack.length > 1) flush(stack.pop()!);
    } else if (char === ';') flush(stack.at(-1)!);
    lastSignificant = char;
    lastWord = '';
    i++;
  }
  for (const group of stack) flush(group);
  return findings.sort((a, b) => a.line - b.line);
}
