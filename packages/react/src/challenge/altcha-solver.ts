import { solveChallenge } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';

// The ALTCHA (v1) challenge our gateway issues (altcha-lib/v1 createChallenge); the widget reads
// the same shape. Other shapes (ALTCHA v2 parameters) are not solved here: the flow shows those.
const ALGORITHMS: ReadonlySet<string> = new Set(['SHA-1', 'SHA-256', 'SHA-512']);

function isAltchaV1Challenge(value: unknown): value is Challenge {
  if (typeof value !== 'object' || value === null) return false;
  const { algorithm, challenge, salt, signature } = value as Partial<Record<string, unknown>>;
  return (
    typeof algorithm === 'string' &&
    ALGORITHMS.has(algorithm) &&
    typeof challenge === 'string' &&
    typeof salt === 'string' &&
    typeof signature === 'string'
  );
}

// altcha-lib's default search limit, when a challenge names none.
const DEFAULT_MAX_NUMBER = 1_000_000;

/**
 * Solves an ALTCHA challenge in the page, without showing anything, and answers the payload the
 * widget would have sent (SPEC 5: Base64 text of its JSON): algorithm, challenge, number, salt,
 * signature, took. Null for a challenge it does not know, one with no solution in range, or when
 * `signal` aborts. Runs on the main thread through WebCrypto digests (no Web Worker, so no CSP
 * `worker-src` is needed for it), each awaited, so the page stays responsive.
 * @example
 * const payload = await solveAltchaChallenge(reply.challenge, controller.signal);
 */
export async function solveAltchaChallenge(
  challenge: unknown,
  signal?: AbortSignal,
): Promise<string | null> {
  if (!isAltchaV1Challenge(challenge) || signal?.aborted) return null;
  const max = challenge.maxnumber ?? DEFAULT_MAX_NUMBER;
  const solving = solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, max);
  const stop = () => solving.controller.abort();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    const solution = await solving.promise;
    if (!solution) return null;
    return btoa(
      JSON.stringify({
        algorithm: challenge.algorithm,
        challenge: challenge.challenge,
        number: solution.number,
        salt: challenge.salt,
        signature: challenge.signature,
        took: solution.took,
      }),
    );
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}
