import { describe, expect, it } from 'vitest';
import { CsvError, CsvNumber, csvField, csvRupees, parseCsv, toCsv } from './csv.ts';

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

  it('writes number cells as numbers and guards every text cell starting with -, =, + or @', () => {
    expect(csvField(csvRupees(-1_347_372))).toBe('-13473.72');
    expect(csvField(csvRupees(100_050))).toBe('1000.50');
    expect(csvField(new CsvNumber('-3'))).toBe('-3');
    for (const text of ['-13473.72', '-2+3+cmd|calc!A0', '=1+1', '+91 98765', '@SUM(A1)']) {
      expect(csvField(text)).toBe(`'${text}`);
    }
    // A number cell is a plain decimal only, so it can never carry a formula past the guard.
    expect(() => new CsvNumber('-1+cmd|calc!A0')).toThrow();
    expect(toCsv([['Refund', csvRupees(-500), '-500']])).toBe("Refund,-5.00,'-500\r\n");
  });
});
