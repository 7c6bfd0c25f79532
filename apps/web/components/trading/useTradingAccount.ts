import { DUPLICATE_GUARD_HOOK, ERROR_NOTICE_HOOK } from '@exchange-web/client/request/hook-names';
import { useSession } from '@exchange-web/react/session/SessionProvider';
import {
  TradingPath,
  type BalancesReply,
  type Fill,
  type Order,
  type Position,
} from '@exchange-web/protocol/trading';
import { tradingSchemas } from './lazy-schemas';
import { useCallback, useEffect, useRef, useState } from 'react';

/** How often account data is fetched again while the page is visible and the trader signed in. */
export const ACCOUNT_REFRESH_MS = 2000;

export type AccountPart = 'balances' | 'orders' | 'positions';

export interface TradingAccount {
  /** Whether the visitor is signed in (null while the session loads). */
  signedIn: boolean | null;
  balances: BalancesReply | null;
  openOrders: Order[] | null;
  history: Order[] | null;
  fills: Fill[] | null;
  positions: Position[] | null;
  /** Fetches everything again now, past the duplicate guard (after an order, a fill). */
  refresh(): Promise<void>;
}

/**
 * The signed-in trader's account for one pair (or all pairs when `symbol` is null): balances,
 * and the spot orders or the futures positions as `parts` asks.
 *
 * NOTE: live approach. The account is fetched again every ACCOUNT_REFRESH_MS while the page is
 * visible (stopped while hidden, fetched at once when shown again), at once after each placed or
 * cancelled order, and at once when the page calls `refresh` because a market trade crossed an
 * open order's price. So an order the gateway fills shows as filled within about two seconds,
 * without a private stream. A fetch never overlaps the previous one.
 */
export function useTradingAccount(
  symbol: string | null,
  parts: readonly AccountPart[],
): TradingAccount {
  const session = useSession();
  const { api } = session;
  const [balances, setBalances] = useState<BalancesReply | null>(null);
  const [openOrders, setOpenOrders] = useState<Order[] | null>(null);
  const [history, setHistory] = useState<Order[] | null>(null);
  const [fills, setFills] = useState<Fill[] | null>(null);
  const [positions, setPositions] = useState<Position[] | null>(null);
  const running = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const partsKey = parts.join(',');

  const fetchAll = useCallback(async () => {
    const [
      http,
      { balancesReplySchema, fillsReplySchema, ordersReplySchema, positionsReplySchema },
    ] = await Promise.all([api(), tradingSchemas()]);
    // Background refreshes stay quiet: a failed poll is retried two seconds later anyway.
    const options = { skipHooks: [DUPLICATE_GUARD_HOOK, ERROR_NOTICE_HOOK] };
    const query = symbol === null ? {} : { symbol };
    const wanted = partsKey.split(',');
    const calls: Promise<unknown>[] = [];
    if (wanted.includes('balances'))
      calls.push(
        http
          .post<unknown>(TradingPath.balances, {}, options)
          .then((data) => setBalances(balancesReplySchema.parse(data))),
      );
    if (wanted.includes('orders')) {
      const orders = (path: string, set: (orders: Order[]) => void) =>
        http
          .post<unknown>(path, query, options)
          .then((data) => set(ordersReplySchema.parse(data).orders));
      calls.push(orders(TradingPath.openOrders, setOpenOrders));
      calls.push(orders(TradingPath.orderHistory, setHistory));
      calls.push(
        http
          .post<unknown>(TradingPath.fills, query, options)
          .then((data) => setFills(fillsReplySchema.parse(data).fills)),
      );
    }
    if (wanted.includes('positions'))
      calls.push(
        http
          // The contract names no query for positions: all are asked for, the pair's kept.
          .post<unknown>(TradingPath.positions, {}, options)
          .then((data) =>
            setPositions(
              positionsReplySchema
                .parse(data)
                .positions.filter((entry) => symbol === null || entry.symbol === symbol),
            ),
          ),
      );
    await Promise.allSettled(calls);
  }, [api, symbol, partsKey]);

  const refresh = useCallback(async () => {
    if (running.current) {
      // One more round after the running one, so a change made meanwhile is seen.
      again.current = true;
      return running.current;
    }
    const round = (async () => {
      do {
        again.current = false;
        await fetchAll().catch(() => undefined);
      } while (again.current);
    })();
    running.current = round;
    try {
      await round;
    } finally {
      running.current = null;
    }
  }, [fetchAll]);

  useEffect(() => {
    if (session.status !== 'signedIn') return undefined;
    let timer: ReturnType<typeof setInterval> | null = null;
    const start = () => {
      if (timer === null) timer = setInterval(() => void refresh(), ACCOUNT_REFRESH_MS);
    };
    const stop = () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') {
        void refresh();
        start();
      } else stop();
    };
    void refresh();
    if (document.visibilityState === 'visible') start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [session.status, refresh]);

  return {
    signedIn: session.status === 'loading' ? null : session.status === 'signedIn',
    balances,
    openOrders,
    history,
    fills,
    positions,
    refresh,
  };
}
