import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvText, type CsvColumn } from './csv-export';

interface Row {
  name: string;
  amount: string;
}

const columns: CsvColumn<Row>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'Montant (USDT)', value: (row) => row.amount },
];

describe('csvText', () => {
  it('writes a UTF-8 mark, the headings, then a CRLF line per row', () => {
    expect(csvText(columns, [{ name: 'BTC/USDT', amount: '0.5' }])).toBe(
      '\ufeffName,Montant (USDT)\r\nBTC/USDT,0.5\r\n',
    );
    expect(csvText(columns, [])).toBe('\ufeffName,Montant (USDT)\r\n');
  });

  it('quotes commas, quotes and line breaks, and reads back as written', () => {
    const rows = [
      { name: 'sold 0.1 BTC, repaid "0.5"', amount: '1' },
      { name: 'two\nlines', amount: '2' },
      { name: 'تحويل', amount: '3' },
    ];
    const text = csvText(columns, rows);
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
    expect(parsed).toEqual([
      ['Name', 'Montant (USDT)'],
      ...rows.map((row) => [row.name, row.amount]),
    ]);
  });

  it('defuses a cell a spreadsheet would run as a formula', () => {
    const text = csvText(columns, [{ name: '=HYPERLINK("http://x")', amount: '+1' }]);
    const [, row] = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
    expect(row).toEqual([`'=HYPERLINK("http://x")`, `'+1`]);
  });
});
