/**
 * A CSV document (RFC 4180) that a spreadsheet opens as data: a cell with a comma, a quote or a line
 * break is quoted (its quotes doubled), and one a spreadsheet would read as a formula (starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return) is prefixed with `'`. Numbers are written as they are.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The rows as CSV lines ended by CRLF. */
export const csvDocument = (rows: ReadonlyArray<ReadonlyArray<string | number>>): string => rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
