import { Endpoints, type Endpoint } from '@exchange-web/protocol/endpoints';
import type { BalancesReply, Fill, Order, Position } from '@exchange-web/protocol/trading';
import { useEndpointActions } from '@exchange-web/react/query/useEndpointActions';
import { useEndpointQuery } from '@exchange-web/react/query/useEndpointQuery';
import { useSession } from '@exchange-web/react/session/SessionProvider';
import { useCallback, useMemo } from 'react';

/** How often account data is fetched again while the page is visible and the trader signed in. */
export const ACCOUNT_REFRESH_MS = 2000;

export type AccountPart = 'balances' | 'orders' | 'positions';

const PART_ENDPOINTS: Record<AccountPart, readonly Endpoint[]> = {
  balances: [Endpoints.balances],
  orders: [Endpoints.openOrders, Endpoints.orderHistory, Endpoints.fills],
  positions: [Endpoints.positions],
};

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
 * NOTE: live approach. Each part is a query polled every ACCOUNT_REFRESH_MS while the page is
 * visible (the site's refetch policy: nothing while hidden, fetched at once when shown again),
 * refreshed at once after each placed or cancelled order, and when the page calls `refresh`
 * because a market trade crossed an open order's price. So an order the gateway fills shows as
 * filled within about two seconds, without a private stream. A refresh cancels the fetch in
 * flight and asks anew, so a change made meanwhile is seen; polls never overlap.
 */
export function useTradingAccount(
  symbol: string | null,
  parts: readonly AccountPart[],
): TradingAccount {
  const { status } = useSession();
  const signedIn = status === 'signedIn';
  // Quiet: a failed poll is tried again two seconds later anyway.
  const polled = (part: AccountPart) => ({
    pollMs: ACCOUNT_REFRESH_MS,
    quiet: true,
    enabled: signedIn && parts.includes(part),
  });
  const pair = symbol === null ? {} : { symbol };
  const balances = useEndpointQuery(Endpoints.balances, {}, polled('balances'));
  const openOrders = useEndpointQuery(Endpoints.openOrders, pair, polled('orders'));
  const history = useEndpointQuery(Endpoints.orderHistory, pair, polled('orders'));
  const fills = useEndpointQuery(Endpoints.fills, pair, polled('orders'));
  // The contract names no pair filter for positions: all are asked for, the pair's kept.
  const positions = useEndpointQuery(Endpoints.positions, {}, polled('positions'));

  const { invalidate } = useEndpointActions();
  const partsKey = parts.join(',');
  const refresh = useCallback(
    () =>
      invalidate(...(partsKey.split(',') as AccountPart[]).flatMap((part) => PART_ENDPOINTS[part])),
    [invalidate, partsKey],
  );
  const pairPositions = useMemo(
    () =>
      positions.data?.positions.filter((entry) => symbol === null || entry.symbol === symbol) ??
      null,
    [positions.data, symbol],
  );

  return {
    signedIn: status === 'loading' ? null : signedIn,
    balances: balances.data ?? null,
    openOrders: openOrders.data?.orders ?? null,
    history: history.data?.orders ?? null,
    fills: fills.data?.fills ?? null,
    positions: pairPositions,
    refresh,
  };
}
