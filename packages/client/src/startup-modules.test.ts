// Every page loads the request client (and the image-domain check) soon after it hydrates: what
// that graph evaluates is work on a phone's main thread before the page answers input. It
// builds only the schemas it needs itself (`transport-schemas`), never the whole set of the
// site's call schemas, which was one of the longest tasks of every page on a phone (issue 18).
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** The workspace files a bundle of `entries` reaches, lazily loaded parts included. */
async function reachedFiles(entries: string[]): Promise<string[]> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: entries.map((entry) => path.join(root, entry)),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir: 'out',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs).filter((file) => file.startsWith('packages/'));
}

describe('the request client at page start', () => {
  it('reaches the transport schemas but never the full schema module', async () => {
    const files = await reachedFiles([
      'packages/client/src/http-client.ts',
      'packages/client/src/images/image-domains.ts',
    ]);
    expect(files).toContain('packages/protocol/src/transport-schemas.ts');
    expect(files).not.toContain('packages/protocol/src/schemas.ts');
  });
});
