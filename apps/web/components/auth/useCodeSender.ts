import type { MessageKey } from '@exchange-web/react/i18n/messages';
import { errorMessageKey } from '@exchange-web/react/session/error-message';
import type { SendVerifyCodeRequest } from '@exchange-web/protocol/verification';
import { useCallback, useEffect, useRef, useState } from 'react';
import { codeTarget, readSendReply, secondsUntil } from './verify-code';

/** Posts sendVerifyCode (through the page's request client, so a challenge is met there). */
export type PostSendCode = (request: SendVerifyCodeRequest) => Promise<unknown>;

/** What a send-code button and the line under its code field show. */
export interface CodeSender<Request = SendVerifyCodeRequest> {
  /** A send is on its way (the challenge, if any, is part of it). */
  sending: boolean;
  /**
   * After a send: where the code went and for how many minutes it serves. The reply is the same
   * for a registered address (which gets a notice, no code), so this says only "if it can be used".
   */
  sent: { target: string; minutes: number } | null;
  /** The sentence of the last send's failure (wait, wrong channel, challenge closed, ...). */
  errorKey: MessageKey | null;
  /** Seconds until another code may be asked for; 0 once the button is free again. */
  secondsLeft: number;
  /** Asks for a code; ignored while one is on its way or the pause is running. */
  send(request: Request): Promise<void>;
}

// The countdown redraws a few times a second so it never shows a second too many.
const TICK_MS = 250;

/** A code sent before the button was drawn (with the password step's reply): its countdown runs. */
export interface SentBefore {
  /** Seconds until another may be asked for. */
  resendAfterSeconds: number;
}

/**
 * The state of one channel's "Send code" button: its countdown after a send, its notice and its
 * failure. It starts empty, so the server's markup and the first client render agree. `describe`
 * names where a request's code goes (a registration's: its address or number). `sentBefore`
 * starts the countdown of a code sent by another call, once, after the first render.
 */
export function useCodeSender(post: PostSendCode): CodeSender;
export function useCodeSender<Request>(
  post: (request: Request) => Promise<unknown>,
  describe: (request: Request) => string,
  sentBefore?: SentBefore,
): CodeSender<Request>;
export function useCodeSender<Request>(
  post: (request: Request) => Promise<unknown>,
  describe: (request: Request) => string = codeTarget as unknown as (request: Request) => string,
  sentBefore?: SentBefore,
): CodeSender<Request> {
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<CodeSender['sent']>(null);
  const [errorKey, setErrorKey] = useState<MessageKey | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [secondsLeft, setSecondsLeft] = useState(0);
  // Read by `send` without making it change on every tick.
  const busy = useRef(false);
  const resendAtRef = useRef(0);
  const initialPause = sentBefore?.resendAfterSeconds ?? 0;

  useEffect(() => {
    if (initialPause <= 0) return;
    resendAtRef.current = Date.now() + initialPause * 1000;
    setResendAt(resendAtRef.current);
  }, [initialPause]);

  useEffect(() => {
    if (resendAt === 0) return undefined;
    const tick = () => {
      const left = secondsUntil(resendAt, Date.now());
      setSecondsLeft(left);
      if (left === 0) window.clearInterval(timer);
    };
    const timer = window.setInterval(tick, TICK_MS);
    tick();
    return () => window.clearInterval(timer);
  }, [resendAt]);

  const send = useCallback(
    async (request: Request) => {
      if (busy.current || secondsUntil(resendAtRef.current, Date.now()) > 0) return;
      busy.current = true;
      setSending(true);
      setSent(null);
      setErrorKey(null);
      try {
        const reply = readSendReply(await post(request));
        setSent({
          target: describe(request),
          minutes: Math.round(reply.expiresInSeconds / 60),
        });
        resendAtRef.current = Date.now() + reply.resendAfterSeconds * 1000;
        setResendAt(resendAtRef.current);
      } catch (failure) {
        setErrorKey(errorMessageKey(failure));
      } finally {
        busy.current = false;
        setSending(false);
      }
    },
    [post, describe],
  );

  return { sending, sent, errorKey, secondsLeft, send };
}
