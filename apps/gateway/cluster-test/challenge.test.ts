import { ChallengeCode, ErrorCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { ChallengeScene, HeaderName } from '@exchange-web/protocol/registry';
import {
  captchaCheckReplySchema,
  challengeRequiredDataSchema,
} from '@exchange-web/protocol/schemas';
import { describe, expect, it } from 'vitest';
import { check, passChallenge, requestChallenge, solve } from '../test/challenge-client';
import { STRONG_PASSWORD, uniqueEmail, type CallResult, type TestBrowser } from '../test/support';
import { ClusterBrowser, doors } from './support';

// Issued challenges, solved ones and pass tokens are rows of the shared database, and the HMAC
// key is made once and kept there (README "Human verification"): what one gateway issued or
// accepted, the other knows.
const { a, b, proxy } = doors();

/** A registration carrying the pass token, as the retried request does. */
const registerWith = (visitor: TestBrowser, token: string) =>
  visitor.send(
    'POST',
    ApiPath.registerEmail,
    JSON.stringify({ email: uniqueEmail('challenged'), pwd: STRONG_PASSWORD }),
    { [HeaderName.captchaToken]: token },
  );

/** A 10021 reply of scene register: the token counted as none, and nothing was registered. */
function expectChallenge(response: CallResult) {
  expect(response.status).toBe(403);
  expect(response.json?.code).toBe(ErrorCode.challengeRequired);
  expect(challengeRequiredDataSchema.parse(response.json?.data).scene).toBe(
    ChallengeScene.register,
  );
  expect(response.cookies).toEqual([]);
}

describe('a pass token', () => {
  it('got through one gateway serves a registration through the other', async () => {
    const token = await passChallenge(new ClusterBrowser(a), ChallengeScene.register);
    const response = await registerWith(new ClusterBrowser(b), token);
    expect(response.json?.code, response.text).toBe('00000');
  });

  it('used through A is refused through B and through the proxy: 10021', async () => {
    const visitor = new ClusterBrowser(a);
    const token = await passChallenge(visitor, ChallengeScene.register);
    expect((await registerWith(visitor, token)).json?.code).toBe('00000');
    expectChallenge(await registerWith(visitor.on(b), token));
    expectChallenge(await registerWith(visitor.on(proxy), token));
  });

  it('sent to both gateways at once passes one registration: the others get 10021', async () => {
    const token = await passChallenge(new ClusterBrowser(proxy), ChallengeScene.register);
    const replies = await Promise.all(
      [a, b, a, b].map((door) => registerWith(new ClusterBrowser(door), token)),
    );
    const passed = replies.filter((reply) => reply.json?.code === '00000');
    expect(passed).toHaveLength(1);
    for (const reply of replies.filter((candidate) => !passed.includes(candidate)))
      expectChallenge(reply);
  });
});

describe('a challenge', () => {
  it('issued by A is checked by B, whose token then serves through the proxy', async () => {
    const visitor = new ClusterBrowser(a);
    const issued = await requestChallenge(visitor, ChallengeScene.register);
    const checked = await check(visitor.on(b), issued, await solve(issued.challenge));
    expect(checked.json?.code, checked.text).toBe('00000');
    const { captchaToken } = captchaCheckReplySchema.parse(checked.json?.data);
    expect((await registerWith(visitor.on(proxy), captchaToken)).json?.code).toBe('00000');
  });

  it('solved through A is refused through B and through the proxy: 22004', async () => {
    const visitor = new ClusterBrowser(a);
    const issued = await requestChallenge(visitor, ChallengeScene.register);
    const solution = await solve(issued.challenge);
    expect((await check(visitor, issued, solution)).json?.code).toBe('00000');
    for (const door of [b, proxy]) {
      const again = await check(visitor.on(door), issued, solution);
      expect(again.status).toBe(403);
      expect(again.json?.code).toBe(ChallengeCode.solutionReplayed);
    }
  });
});
