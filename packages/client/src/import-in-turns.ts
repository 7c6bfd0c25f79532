/** Resolves in a later task, so the browser can paint and answer input in between. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Imports each of `first` in a task of its own, then `last`, and answers `last`'s module.
 * A dynamic import runs its whole module graph in one task once its chunks arrive; for the
 * request client that graph (axios, the schemas, query-core) is a 60 to 120 ms task on a phone,
 * longer than the 50 ms a tap waits unnoticed. Imported in turns, each library's modules run on
 * their own and the last import finds them done (issue 18). A failed import rejects, as one would.
 * @example
 * const { createHttpClient } = await importInTurns([() => import('axios')], () => import('./http-client'));
 */
export async function importInTurns<Module>(
  first: readonly (() => Promise<unknown>)[],
  last: () => Promise<Module>,
): Promise<Module> {
  for (const load of first) {
    await load();
    await nextTask();
  }
  return last();
}
