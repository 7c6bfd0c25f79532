// @vitest-environment jsdom
import { ApiError, ChallengeDismissedError } from '@exchange-web/client/errors';
import { AccountCode, GatewayCode } from '@exchange-web/protocol/codes';
import type { SendVerifyCodeRequest } from '@exchange-web/protocol/verification';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCodeSender, type CodeSender, type PostSendCode } from './useCodeSender';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

const toEmail: SendVerifyCodeRequest = {
  scene: 'register',
  channel: 'email',
  email: 'new@example.com',
};
const reply = { expiresInSeconds: 600, resendAfterSeconds: 60 };

let latest: CodeSender | undefined;
function Probe({ post }: { post: PostSendCode }) {
  latest = useCodeSender(post);
  return <p data-testid="left">{latest.secondsLeft}</p>;
}
/** A sender of a code the password step sent, `pause` seconds before another may be asked. */
function SentBeforeProbe({ post, pause }: { post: PostSendCode; pause: number }) {
  latest = useCodeSender(post, () => 'd***@example.com', {
    resendAfterSeconds: pause,
  }) as CodeSender;
  return <p data-testid="left">{latest.secondsLeft}</p>;
}
const sender = (): CodeSender => {
  if (!latest) throw new Error('not rendered');
  return latest;
};

describe('useCodeSender', () => {
  let host: HTMLDivElement;
  let root: Root | undefined;
  beforeEach(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    vi.useFakeTimers();
    host = document.createElement('div');
    document.body.append(host);
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    latest = undefined;
    host.remove();
    vi.useRealTimers();
  });
  const mount = (post: PostSendCode) => {
    root = createRoot(host);
    act(() => root?.render(<Probe post={post} />));
  };

  it('starts empty, so the server and the first client render agree', () => {
    const html = renderToString(<Probe post={() => Promise.resolve(reply)} />);
    expect(html).toContain('>0<');
    expect(sender()).toMatchObject({ sending: false, sent: null, errorKey: null, secondsLeft: 0 });
  });

  it('says where the code went and counts down the resend pause of the reply', async () => {
    const post = vi.fn<PostSendCode>().mockResolvedValue(reply);
    mount(post);
    await act(() => sender().send(toEmail));
    expect(post).toHaveBeenCalledWith(toEmail);
    expect(sender().sent).toEqual({ target: 'new@example.com', minutes: 10 });
    expect(sender().secondsLeft).toBe(60);

    // A second ask during the pause sends nothing.
    await act(() => sender().send(toEmail));
    expect(post).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(59_000));
    expect(sender().secondsLeft).toBe(1);
    act(() => vi.advanceTimersByTime(1_000));
    expect(sender().secondsLeft).toBe(0);
    await act(() => sender().send(toEmail));
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('runs the countdown of a code sent before it was drawn, then sends again', async () => {
    const post = vi.fn<PostSendCode>().mockResolvedValue(reply);
    const html = renderToString(<SentBeforeProbe post={post} pause={45} />);
    expect(html).toContain('>0<');
    root = createRoot(host);
    act(() => root?.render(<SentBeforeProbe post={post} pause={45} />));
    expect(sender().secondsLeft).toBe(45);
    await act(() => sender().send(toEmail));
    expect(post).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(45_000));
    expect(sender().secondsLeft).toBe(0);
    await act(() => sender().send(toEmail));
    expect(post).toHaveBeenCalledTimes(1);
    expect(sender().sent).toEqual({ target: 'd***@example.com', minutes: 10 });
  });

  it('follows the pause the gateway gives rather than a fixed one', async () => {
    mount(() => Promise.resolve({ expiresInSeconds: 300, resendAfterSeconds: 5 }));
    await act(() => sender().send(toEmail));
    expect(sender().sent?.minutes).toBe(5);
    expect(sender().secondsLeft).toBe(5);
    act(() => vi.advanceTimersByTime(5_000));
    expect(sender().secondsLeft).toBe(0);
  });

  it.each([
    [new ApiError('too soon', AccountCode.verifyCodeTooSoon), 'auth.codeTooSoon'],
    [new ApiError('no transport', GatewayCode.channelUnavailable), 'auth.channelUnavailable'],
    [new ApiError('not delivered', GatewayCode.deliveryFailed), 'auth.codeNotDelivered'],
    [new ChallengeDismissedError('closed'), 'errors.challengeClosed'],
  ])(
    'tells a refused send by its sentence (%s), with no notice and no pause',
    async (error, key) => {
      mount(() => Promise.reject(error));
      await act(() => sender().send(toEmail));
      expect(sender()).toMatchObject({ sending: false, sent: null, errorKey: key, secondsLeft: 0 });
    },
  );

  it('is busy while the send is on its way, and a second click then sends nothing', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const post = vi.fn<PostSendCode>(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    mount(post);
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = sender().send(toEmail);
    });
    expect(sender().sending).toBe(true);
    await act(() => sender().send(toEmail));
    expect(post).toHaveBeenCalledTimes(1);
    await act(async () => {
      answer(reply);
      await first;
    });
    expect(sender().sending).toBe(false);
    expect(sender().sent).not.toBeNull();
  });

  it('clears the last failure and notice when asked again', async () => {
    const post = vi
      .fn<PostSendCode>()
      .mockRejectedValueOnce(new ApiError('too soon', AccountCode.verifyCodeTooSoon))
      .mockResolvedValueOnce(reply);
    mount(post);
    await act(() => sender().send(toEmail));
    expect(sender().errorKey).toBe('auth.codeTooSoon');
    await act(() => sender().send(toEmail));
    expect(sender().errorKey).toBeNull();
    expect(sender().sent).not.toBeNull();
  });
});
