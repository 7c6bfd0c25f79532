import { htmlLang } from '@exchange-web/client/language';
import type { MessageKey } from '@exchange-web/react/i18n/messages';
import { errorMessageKey } from '@exchange-web/react/session/error-message';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useCallback, useMemo, useState } from 'react';

/**
 * What the account pages share: the sentence of the last failure, the notice of the last success,
 * whether an action runs, and the date format of their tables.
 */
export function useAccountActions() {
  const { t, language } = useShellState();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Shows the sentence for a failed call. */
  const showFailure = useCallback(
    (failure: unknown, wording: (failure: unknown) => MessageKey = errorMessageKey) =>
      setError(t(wording(failure))),
    [t],
  );

  /**
   * Runs an action: one at a time, earlier messages cleared, its failure worded for people (by
   * `wording`, the gateway's refusals by default).
   */
  const act = async (
    work: () => Promise<unknown>,
    done?: string,
    wording?: (failure: unknown) => MessageKey,
  ) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await work();
      if (done) setNotice(done);
    } catch (failure) {
      showFailure(failure, wording);
    } finally {
      setBusy(false);
    }
  };

  const dateTime = useMemo(
    () => new Intl.DateTimeFormat(htmlLang(language), { dateStyle: 'medium', timeStyle: 'short' }),
    [language],
  );
  return { error, notice, setNotice, busy, act, showFailure, dateTime };
}
