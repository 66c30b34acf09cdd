// The manual stays navigable: every relative link in README.md and docs/*.md points to a file that
// exists (and, with a #fragment, to a heading or an <a id> of that file), and every
// `npm run <script>` they name is a script of package.json.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const docsDir = join(root, 'docs');
const pages = [
  join(root, 'README.md'),
  ...readdirSync(docsDir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(docsDir, name)),
];
const scripts = Object.keys(
  (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts,
);

/** The page's text outside fenced code blocks (links there are examples, not navigation). */
function prose(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = heading!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  for (const [, id] of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id!);
  return anchors;
}

function linksOf(text: string): string[] {
  const links: string[] = [];
  for (const [, target] of prose(text).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
    links.push(target!);
  return links;
}

const external = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

describe.each(pages.map((page) => [relative(root, page), page] as const))('%s', (_name, page) => {
  const text = readFileSync(page, 'utf8');

  it('links only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const target of linksOf(text).filter((link) => !external(link))) {
      const [path = '', fragment] = target.split('#', 2);
      const file = path ? resolve(dirname(page), decodeURIComponent(path)) : page;
      if (!existsSync(file)) {
        broken.push(`${target}: no such file`);
        continue;
      }
      if (fragment && statSync(file).isFile() && file.endsWith('.md')) {
        if (!anchorsOf(readFileSync(file, 'utf8')).has(decodeURIComponent(fragment)))
          broken.push(`${target}: no heading #${fragment} in ${relative(root, file)}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('names only npm scripts that package.json has', () => {
    const named = [...text.matchAll(/\bnpm run ([a-z][\w:.-]*)/g)].map((match) => match[1]!);
    expect(named.filter((script) => !scripts.includes(script))).toEqual([]);
  });
});

it('the manual has its pages', () => {
  for (const page of [
    'api',
    'architecture',
    'operations',
    'local',
    'testing',
    'decisions',
    'benchmarks',
    'fault-run',
  ])
    expect(existsSync(join(docsDir, `${page}.md`)), `docs/${page}.md`).toBe(true);
});

it('computes anchors the way GitHub does', () => {
  expect([
    ...anchorsOf('## Room to grow: one root stack, nested stacks\n### Time budgets (`a/b.ts`)\n## X\n## X'),
  ]).toEqual(['room-to-grow-one-root-stack-nested-stacks', 'time-budgets-abts', 'x', 'x-1']);
});
