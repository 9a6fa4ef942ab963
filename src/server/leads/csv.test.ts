import { describe, expect, it } from 'vitest';
import { CsvError, csvField, parseCsv, toCsv } from './csv.ts';

const fields = (text: string) => parseCsv(text).map((r) => r.fields);

describe('parseCsv', () => {
  it('reads plain records with CRLF or LF line ends and skips blank lines', () => {
    expect(fields('a,b,c\r\n1,2,3\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
    expect(fields('a,b\n\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps empty fields', () => {
    expect(fields('a,,c\r\n,,\r\n')).toEqual([
      ['a', '', 'c'],
      ['', '', ''],
    ]);
  });

  it('reads quoted fields with commas, escaped quotes and line breaks', () => {
    expect(fields('"Rolex, Day-Date","He said ""hi""","two\r\nlines"\r\nx,y,z')).toEqual([
      ['Rolex, Day-Date', 'He said "hi"', 'two\r\nlines'],
      ['x', 'y', 'z'],
    ]);
    expect(fields('"",""\r\n')).toEqual([['', '']]);
  });

  it('numbers records by the line they start on', () => {
    const records = parseCsv('h1,h2\r\n"a\r\nb",c\r\nd,e\r\n');
    expect(records.map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it('drops a byte-order mark', () => {
    expect(fields('\ufeffplatform,customer\r\n')).toEqual([['platform', 'customer']]);
  });

  it('refuses an unclosed quote and stray quotes with the line', () => {
    expect(() => parseCsv('a,"b\r\nc')).toThrow(CsvError);
    expect(() => parseCsv('a,"b"x\r\n')).toThrow(/Line 1/);
    expect(() => parseCsv('ok\r\na"b\r\n')).toThrow(/Line 2/);
  });
});

describe('toCsv', () => {
  it('quotes what needs quoting and round-trips through parseCsv', () => {
    const rows = [
      ['id', 'name'],
      ['1', 'Rolex, "Submariner"\nblack'],
    ];
    const text = toCsv(rows);
    expect(text).toBe('id,name\r\n1,"Rolex, ""Submariner""\nblack"\r\n');
    expect(fields(text)).toEqual(rows);
  });

  it('defuses spreadsheet formulas in text cells but not numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
  });
});
