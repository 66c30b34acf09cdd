// A CSV file as spreadsheets open it: UTF-8 with a byte-order mark (so Excel reads accents),
// CRLF line ends and quoting as RFC 4180 has it, with the separator of the reader's locale.

export type CsvSeparator = ',' | ';';

const byteOrderMark = '\uFEFF';

/**
 * Text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or CR first) gets a `'`
 * in front: payer names and descriptions come from outside (OWASP, CSV injection).
 */
export function defusedText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function csvField(value: string, separator: CsvSeparator): string {
  return value.includes(separator) || /["\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvLine(values: readonly string[], separator: CsvSeparator): string {
  return `${values.map((value) => csvField(value, separator)).join(separator)}\r\n`;
}

/** The file's first bytes: the byte-order mark and the header line. */
export function csvStart(header: readonly string[], separator: CsvSeparator): string {
  return byteOrderMark + csvLine(header, separator);
}
