import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { solveAltchaChallenge } from './altcha-solver';

// A real round trip with the library the gateway issues and checks challenges with.
const HMAC_KEY = 'test-key';

const challengeWith = (number: number) =>
  createChallenge({
    algorithm: 'SHA-256',
    hmacKey: HMAC_KEY,
    number,
    maxNumber: 5_000,
    expires: new Date(Date.now() + 60_000),
  });

describe('ALTCHA solver', () => {
  it('answers the Base64 payload the gateway verifies (SPEC 5), like the widget', async () => {
    const challenge = await challengeWith(1234);
    const payload = await solveAltchaChallenge(challenge);
    expect(payload).not.toBeNull();
    const decoded: unknown = JSON.parse(atob(payload ?? ''));
    expect(decoded).toMatchObject({
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      number: 1234,
      salt: challenge.salt,
      signature: challenge.signature,
    });
    expect(decoded).toHaveProperty('took');
    await expect(verifySolution(payload ?? '', HMAC_KEY, true)).resolves.toBe(true);
  });

  it('answers null for a challenge it does not know, or none in range', async () => {
    await expect(
      solveAltchaChallenge({ parameters: { algorithm: 'PBKDF2/SHA-256' } }),
    ).resolves.toBeNull();
    await expect(solveAltchaChallenge(null)).resolves.toBeNull();
    const outOfRange = { ...(await challengeWith(40)), maxnumber: 10 };
    await expect(solveAltchaChallenge(outOfRange)).resolves.toBeNull();
  });

  it('stops when its signal aborts', async () => {
    const challenge = await challengeWith(4_999);
    const controller = new AbortController();
    const solving = solveAltchaChallenge(challenge, controller.signal);
    controller.abort();
    await expect(solving).resolves.toBeNull();
    const aborted = new AbortController();
    aborted.abort();
    await expect(solveAltchaChallenge(challenge, aborted.signal)).resolves.toBeNull();
  });
});
