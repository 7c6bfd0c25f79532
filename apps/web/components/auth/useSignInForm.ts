import { errorMessageKey } from '@exchange-web/react/session/error-message';
import { redirectTarget } from '@exchange-web/react/session/redirect-target';
import { useSessionActions } from '@exchange-web/react/session/SessionProvider';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useRouter } from 'next/router';
import { useCallback, useEffect, useState } from 'react';

/**
 * What the login and registration forms share: signing ahead while the form is filled in, the
 * call that starts the session, then the way on (the `redirect` query if it stays on this site,
 * else the account), and the sentence to show when the call fails.
 */
export function useSignInForm() {
  const { t, buildPath } = useShellState();
  const session = useSessionActions();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const { api } = session;
  useEffect(() => {
    // The key pair and the server key are ready by the time the form is sent.
    void api().then((http) => http.prepareSigning());
  }, [api]);

  const submit = useCallback(
    async (path: string, body: unknown) => {
      setSubmitting(true);
      setError(null);
      try {
        await session.signIn(path, body);
        await router.replace(redirectTarget(router.query.redirect, buildPath('/account')));
      } catch (failure) {
        setError(t(errorMessageKey(failure)));
        setSubmitting(false);
      }
    },
    [session, router, buildPath, t],
  );
  return { error, submitting, submit };
}
