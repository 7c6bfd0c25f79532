import type { Endpoint, EndpointReply, EndpointRequest } from '@exchange-web/protocol/endpoints';
import type { MessageKey } from '@exchange-web/react/i18n/messages';
import { useEndpointActions } from '@exchange-web/react/query/useEndpointActions';
import { useShell } from '@exchange-web/react/shell/ShellProvider';
import { useTracking } from '@exchange-web/react/tracking/TrackingProvider';
import { TrackingId } from '@exchange-web/protocol/registry';
import { useCallback, useState } from 'react';
import { refusalKey, tradeFailureKey } from './trade-errors';

export interface TradeMessage {
  kind: 'success' | 'error';
  text: string;
  /** The refusal code, when the message is one. */
  code: string | null;
}

// A trading call is sent once per click: never shared with an identical earlier one (duplicate
// guard), and its refusal is shown in the form in its own words, not as a toast.
const TRADE_CALL = { fresh: true, quiet: true };

/** How a refusal is worded: an order's, or a margin account action's (a transfer is no order). */
export type RefusalWording = 'trading.form.refused' | 'trading.marginAccount.refused';

/**
 * Runs the trading calls of a form: one at a time, the outcome as a sentence in the page's
 * language (a refusal by its code's meaning, in `wording`), the account refreshed afterwards.
 */
export function useTradeAction(
  refresh: () => Promise<void>,
  wording: RefusalWording = 'trading.form.refused',
) {
  const { t } = useShell();
  const { call: send } = useEndpointActions();
  const { track } = useTracking();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<TradeMessage | null>(null);

  /** Shows a refusal found before sending (the same sentence the gateway's code would get). */
  const refuse = useCallback(
    (code: string) => {
      const key: MessageKey = refusalKey(code) ?? 'errors.server';
      setMessage({ kind: 'error', text: t(wording, { reason: t(key) }), code });
      track({
        type: 'click',
        eventTrackingId: TrackingId.tradeResult,
        ext: { outcome: 'refused', code },
      });
    },
    [t, wording, track],
  );

  /** Each answer, for analytics (README "Behaviour tracking: in the site"). */
  const answered = useCallback(
    (call: string, outcome: 'done' | 'refused', code?: string | null) =>
      track({
        type: 'click',
        eventTrackingId: TrackingId.tradeResult,
        ext: { call, outcome, ...(code ? { code } : {}) },
      }),
    [track],
  );

  /** Sends a trading call, its reply checked, and words the outcome (`done` for a success). */
  const call = useCallback(
    async <E extends Endpoint>(
      endpoint: E,
      body: EndpointRequest<E>,
      done: (reply: EndpointReply<E>) => string,
    ): Promise<boolean> => {
      setBusy(true);
      setMessage(null);
      try {
        const reply = await send(endpoint, body, TRADE_CALL);
        setMessage({ kind: 'success', text: done(reply), code: null });
        answered(endpoint.path, 'done');
        return true;
      } catch (failure) {
        const { key, code } = tradeFailureKey(failure);
        answered(endpoint.path, 'refused', code);
        const text = key.startsWith('trading.refusals.') ? t(wording, { reason: t(key) }) : t(key);
        setMessage({ kind: 'error', text, code });
        return false;
      } finally {
        setBusy(false);
        void refresh();
      }
    },
    [send, refresh, t, wording, answered],
  );

  return { busy, message, setMessage, refuse, call };
}
