import { describe, expect, it } from 'vitest';
import { readTable } from './api';

describe('readTable', () => {
  it('reads quoted CSV with doubled quotes, commas and CRLF', () => {
    expect(readTable('"a","b"\r\n"x, y","say ""hi"""\r\n', ',')).toEqual([['a', 'b'], ['x, y', 'say "hi"']]);
  });
  it('reads SoundExchange lines with a bare number', () => {
    expect(readTable('A^B^C\r\n"x"^3^"y"\r\n', '^')).toEqual([['A', 'B', 'C'], ['x', '3', 'y']]);
  });
});
