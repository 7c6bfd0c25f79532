import { isApiError } from '@exchange-web/client/errors';
import { AccountCode } from '@exchange-web/protocol/codes';
import type { MessageKey } from '@exchange-web/react/i18n/messages';
import { errorMessageKey } from '@exchange-web/react/session/error-message';
import { redirectTarget } from '@exchange-web/react/session/redirect-target';
import { useSessionActions, type SignInOutcome } from '@exchange-web/react/session/SessionProvider';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useTracking } from '@exchange-web/react/tracking/TrackingProvider';
import { registrationPaths } from '@exchange-web/protocol/paths';
import { TrackingId } from '@exchange-web/protocol/registry';
import { useRouter } from 'next/router';
import { useCallback, useEffect, useState } from 'react';

/** The visitor's first input on a sign-in page: a pointer moved or pressed, a key, a focus. */
const FIRST_INPUT_EVENTS = ['pointermove', 'pointerdown', 'keydown', 'focusin'] as const;

/** A login waiting for its second factor: the ticket and the factors the gateway takes. */
export type SecondFactorChallenge = Extract<SignInOutcome, { kind: 'secondFactor' }>['challenge'];

/**
 * What the login and registration forms share: signing ahead from the first input, the
 * call that starts the session, then the way on (the `redirect` query if it stays on this site,
 * else the account), and the sentence to show when the call fails. A login that asks for a
 * second factor stays on the page with its `challenge`, for the code's step.
 */
export function useSignInForm() {
  const { t, buildPath } = useShellState();
  const session = useSessionActions();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const { track } = useTracking();
  const { api } = session;
  /** Readies signing now: for a page that signs in as it loads, with no input to wait for. */
  const prepareSigning = useCallback(() => {
    void api().then((http) => http.prepareSigning());
  }, [api]);
  useEffect(() => {
    // The key pair and the server key are made ready from the visitor's first input, well before
    // the form is sent, and not at load: a sign-in page only looked at loads no request client,
    // crypto or schemas (issue 18: on a phone those were half the page's blocked main thread). A
    // form sent before they are ready waits for them in the sign-in call.
    const stop = () => {
      for (const type of FIRST_INPUT_EVENTS) window.removeEventListener(type, prepare, true);
    };
    const prepare = () => {
      stop();
      prepareSigning();
    };
    for (const type of FIRST_INPUT_EVENTS)
      window.addEventListener(type, prepare, { capture: true, passive: true });
    return stop;
  }, [prepareSigning]);

  const goOn = useCallback(
    () => router.replace(redirectTarget(router.query.redirect, buildPath('/account'))),
    [router, buildPath],
  );

  const submit = useCallback(
    /** `wording` words a refusal: a provider's own sentences for the third-party codes. */
    async (
      path: string,
      body: unknown,
      wording: (failure: unknown) => MessageKey = errorMessageKey,
    ) => {
      setSubmitting(true);
      setError(null);
      // Each answer, for analytics (README "Behaviour tracking: in the site").
      const answered = (outcome: 'signedIn' | 'secondFactor' | 'refused', code?: string) =>
        track({
          type: 'click',
          eventTrackingId: registrationPaths.includes(path)
            ? TrackingId.registerResult
            : TrackingId.signInResult,
          ext: { call: path, outcome, ...(code === undefined ? {} : { code }) },
        });
      try {
        const outcome = await session.signIn(path, body);
        if (outcome.kind === 'secondFactor') {
          answered('secondFactor');
          setChallenge(outcome.challenge);
          setSubmitting(false);
          return;
        }
        answered('signedIn');
        await goOn();
      } catch (failure) {
        answered('refused', isApiError(failure) ? failure.code : undefined);
        // A void ticket (too slow, too many wrong codes): back to the password, told why.
        if (isApiError(failure) && failure.code === AccountCode.loginTicketInvalid)
          setChallenge(null);
        setError(t(wording(failure)));
        setSubmitting(false);
      }
    },
    [session, goOn, t, track],
  );
  /** Leaves the code's step for the password form again. */
  const restart = useCallback(() => {
    setChallenge(null);
    setError(null);
  }, []);
  /** Shows the sentence for a failure outside the sign-in call (a cancelled passkey prompt). */
  const showFailure = useCallback(
    (failure: unknown, wording: (failure: unknown) => MessageKey = errorMessageKey) => {
      setError(t(wording(failure)));
      setSubmitting(false);
    },
    [t],
  );
  /** Goes on after a sign-in made elsewhere (a confirmed QR code): the user, then the way on. */
  const finish = useCallback(async () => {
    await session.refreshUser();
    await goOn();
  }, [session, goOn]);
  return { error, submitting, submit, challenge, restart, finish, showFailure, prepareSigning };
}
