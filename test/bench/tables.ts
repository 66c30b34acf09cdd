// Aligned plain-text tables for the terminal and markdown tables for docs/.

export type Cell = string | number;

export function textTable(header: Cell[], rows: Cell[][], alignRight: boolean[] = []): string {
  const all = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, column) => Math.max(...all.map((row) => row[column]?.length ?? 0)));
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        alignRight[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  return [line(all[0]!), widths.map((width) => '-'.repeat(width)).join('  '), ...all.slice(1).map(line)].join(
    '\n',
  );
}

export function markdownTable(header: Cell[], rows: Cell[][], alignRight: boolean[] = []): string {
  const line = (row: Cell[]) => `| ${row.map((cell) => String(cell).replace(/\|/g, '\\|')).join(' | ')} |`;
  return [
    line(header),
    `|${header.map((_, column) => (alignRight[column] ? '---:' : ':---')).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}
