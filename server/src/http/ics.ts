/**
 * The one iCalendar (RFC 5545) encoder of untrusted text (issue 29): a TEXT value with its backslashes, semicolons
 * and commas escaped and every line break (CRLF, LF or a lone CR) written as `\n`, so no text can end its line
 * and start a property of its own; other control characters, which TEXT does not allow, are dropped.
 */
export function icsText(s: string): string {
  return s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n|\u2028|\u2029/g, '\\n')
    .replace(/[\u0000-\u0008\u000A-\u001F\u007F]/g, '');
}

/** Folds a content line at 75 octets, never inside a UTF-8 sequence. */
export function foldLine(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  let limit = 75;
  for (const ch of line) {
    const n = Buffer.byteLength(ch, 'utf8');
    if (size + n > limit) {
      parts.push(current);
      current = '';
      size = 0;
      limit = 74; // continuation lines start with a space
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join('\r\n ');
}
