/**
 * The one CSV encoder of every export (issue 29): the logs export, the audience figures, and any later one.
 * Every cell is quoted (RFC 4180, inner quotes doubled), so no separator a spreadsheet may use (`,`, `;`, tab)
 * splits a cell; and a text cell a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab
 * or a carriage return, or their full-width forms) gets a leading apostrophe. Numbers are written as numbers.
 */
export type CsvValue = string | number | boolean | null | undefined | object;

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** One quoted cell. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '""';
  if (typeof value === 'number') return Number.isFinite(value) ? `"${value}"` : '""';
  let s = typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : typeof value === 'boolean' ? String(value) : JSON.stringify(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

/** One CSV line with its CRLF. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A whole CSV document: the header, then the rows. */
export function csvDocument(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return csvLine(header) + rows.map(csvLine).join('');
}
