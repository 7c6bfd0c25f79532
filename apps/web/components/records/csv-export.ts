import Papa from 'papaparse';

/** One column of an exported file: its heading and what a row writes in it. */
export interface CsvColumn<Row> {
  header: string;
  value(row: Row): string;
}

/**
 * The CSV text of `rows`: a heading row, then one line per row, CRLF-separated as RFC 4180 asks,
 * after a byte-order mark so spreadsheet apps read the 23 languages' headings as UTF-8. A cell
 * that starts like a formula (`=`, `+`, `-`, `@`, tab, CR) is quoted with a leading `'`, so
 * opening the file never runs one.
 */
export function csvText<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const body = Papa.unparse(
    {
      fields: columns.map((column) => column.header),
      data: rows.map((row) => columns.map((column) => column.value(row))),
    },
    { escapeFormulae: true, newline: '\r\n', quotes: false },
  );
  // papaparse ends the text with the last row, or with a line break when there are none.
  return `\ufeff${body.replace(/(?:\r\n)?$/, '\r\n')}`;
}

/** Hands `text` to the browser as a download named `fileName`. */
export function downloadCsv(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is only needed until then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
