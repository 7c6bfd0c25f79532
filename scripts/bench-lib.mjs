// Small helpers the benchmarks share: the protocol's TypeScript source loaded into a script, and
// the text tables the figures are printed in.
import { build as esbuild } from 'esbuild';
import { root } from './lib.mjs';

/**
 * The module of `exportLines` (export statements from `@exchange-web/protocol/*`), bundled from
 * the protocol's TypeScript source: Node 20 cannot import it.
 */
export async function loadProtocol(exportLines) {
  const result = await esbuild({
    stdin: { contents: exportLines.join('\n'), resolveDir: root, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    logLevel: 'warning',
  });
  const code = result.outputFiles[0]?.text ?? '';
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

/**
 * Rows of text cells as the lines of a table: the header, a rule under it, then the rows; the
 * first column aligned left and the others right, two spaces apart.
 */
export function textTable(header, rows) {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column].length)),
  );
  const format = (cells) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[0]) : cell.padStart(widths[column]),
      )
      .join('  ');
  return [format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(format)];
}
