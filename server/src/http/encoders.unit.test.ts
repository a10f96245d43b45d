import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument, csvLine } from './csv';
import { icsText } from './ics';

describe('the CSV encoder', () => {
  it('quotes every cell and neutralises formulas in text, whatever the separator', () => {
    expect(csvLine(['x;=1+2;@sum(1+1)', 'plain', 3, -2, null])).toBe('"x;=1+2;@sum(1+1)","plain","3","-2",""\r\n');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const start of ['+', '-', '@', '\t', '\r', '＝']) expect(csvCell(`${start}1`).startsWith(`"'`)).toBe(true);
    expect(csvCell({ note: '-1' })).toBe('"{""note"":""-1""}"');
    expect(csvCell(new Date(Date.UTC(2026, 0, 2)))).toBe('"2026-01-02T00:00:00.000Z"');
    expect(csvDocument(['a', 'b'], [[1, 'x']])).toBe('"a","b"\r\n"1","x"\r\n');
  });
});

describe('the iCalendar TEXT encoder', () => {
  it('writes every line break, a bare CR included, as \\n and escapes separators', () => {
    expect(icsText('A\rATTACH:x')).toBe('A\\nATTACH:x');
    expect(icsText('a\r\nb\nc\u2028d')).toBe('a\\nb\\nc\\nd');
    expect(icsText('x;y,z\\')).toBe('x\\;y\\,z\\\\');
    expect(icsText('bell\u0007\u0000')).toBe('bell');
    expect(icsText('tab\there')).toBe('tab\there');
  });
});
