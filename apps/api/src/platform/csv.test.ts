import { describe, expect, it } from 'vitest';
import { csvMoney, csvRow, csvText } from './csv';

describe('csv', () => {
  it('quotes a cell holding a separator, a quote or a line break, doubling its quotes', () => {
    expect(csvText('plain')).toBe('plain');
    expect(csvText('a,b')).toBe('"a,b"');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    expect(csvText('two\nlines')).toBe('"two\nlines"');
  });

  it('makes text a spreadsheet would run as a formula plain text', () => {
    for (const formula of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(csvText(formula).replace(/^"/, '').startsWith("'"), formula).toBe(true);
    }
    expect(csvText('=HYPERLINK("http://evil.test")')).toBe('"\'=HYPERLINK(""http://evil.test"")"');
  });

  it('writes numbers and money as numbers, a row ending with CRLF', () => {
    expect(csvRow(['id', 3, csvMoney(-1250), csvMoney(5)])).toBe('id,3,-12.50,0.05\r\n');
  });
});
