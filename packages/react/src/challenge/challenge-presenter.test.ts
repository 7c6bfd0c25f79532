import type { ChallengePresentation } from '@exchange-web/client/challenge/challenge-presenter';
import { createChallenge } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { createChallengePresenter } from './challenge-presenter';

const presentation = (
  scene: string,
  signal = new AbortController().signal,
  failedChecks = 0,
): ChallengePresentation => ({ scene, challenge: { of: scene }, failedChecks, signal });

describe('challenge presenter', () => {
  it('shows one challenge at a time, in order, and resolves each with its outcome', async () => {
    const queue = createChallengePresenter();
    let changes = 0;
    const unsubscribe = queue.subscribe(() => (changes += 1));
    expect(queue.current()).toBeNull();

    const login = queue.present(presentation('login', undefined, 1));
    const register = queue.present(presentation('register'));
    expect(queue.current()).toMatchObject({
      scene: 'login',
      challenge: { of: 'login' },
      failedChecks: 1,
    });
    const first = queue.current();
    expect(queue.current()).toBe(first);

    first?.solve('cGF5bG9hZA==');
    await expect(login).resolves.toBe('cGF5bG9hZA==');
    expect(queue.current()).toMatchObject({ scene: 'register' });
    expect(queue.current()?.key).not.toBe(first?.key);
    // A showing ends once: a late close of the solved one changes nothing.
    first?.close();
    expect(queue.current()).toMatchObject({ scene: 'register' });

    queue.current()?.close();
    await expect(register).resolves.toBeNull();
    expect(queue.current()).toBeNull();
    expect(changes).toBe(4);
    unsubscribe();
    void queue.present(presentation('burst'));
    expect(changes).toBe(4);
  });

  it('tells each challenge shown, then solved or closed by the visitor, in order', async () => {
    const queue = createChallengePresenter();
    const steps: string[] = [];
    const unsubscribe = queue.onStep((scene, step) => steps.push(`${scene} ${step}`));
    const login = queue.present(presentation('login'));
    const abandoned = new AbortController();
    const waiting = queue.present(presentation('register', abandoned.signal));
    const send = queue.present(presentation('send'));
    // Only the head of the queue is on screen.
    expect(steps).toEqual(['login shown']);
    queue.current()?.close();
    await login;
    // Nobody waits for the next one any more: never shown, neither solved nor closed.
    abandoned.abort();
    await waiting;
    queue.current()?.solve('cGF5bG9hZA==');
    await send;
    expect(steps).toEqual([
      'login shown',
      'login closed',
      'register shown',
      'send shown',
      'send solved',
    ]);
    unsubscribe();
    void queue.present(presentation('later'));
    expect(steps).toHaveLength(5);
  });

  it('closes a challenge whose signal aborts, shown or waiting', async () => {
    const queue = createChallengePresenter();
    const shownControl = new AbortController();
    const waitingControl = new AbortController();
    const shown = queue.present(presentation('login', shownControl.signal));
    const waiting = queue.present(presentation('register', waitingControl.signal));
    waitingControl.abort();
    await expect(waiting).resolves.toBeNull();
    expect(queue.current()).toMatchObject({ scene: 'login' });
    shownControl.abort();
    await expect(shown).resolves.toBeNull();
    expect(queue.current()).toBeNull();
    const aborted = new AbortController();
    aborted.abort();
    await expect(queue.present(presentation('burst', aborted.signal))).resolves.toBeNull();
    expect(queue.current()).toBeNull();
  });

  it('solves silently with the ALTCHA solver by default, or with the one given', async () => {
    const challenge = await createChallenge({ hmacKey: 'k', number: 7, maxNumber: 100 });
    const payload = await createChallengePresenter().solveSilently?.(
      challenge,
      new AbortController().signal,
    );
    expect(JSON.parse(atob(payload ?? ''))).toMatchObject({ number: 7 });
    const own = createChallengePresenter({ solveSilently: async () => 'b3du' });
    await expect(own.solveSilently?.({}, new AbortController().signal)).resolves.toBe('b3du');
  });
});
