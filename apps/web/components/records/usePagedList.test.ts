import { Endpoints } from '@exchange-web/protocol/endpoints';
import { MARKET_MAX_LIMIT } from '@exchange-web/protocol/trading';
import type { EndpointActions } from '@exchange-web/react/query/useEndpointActions';
import { describe, expect, it } from 'vitest';
import { readListForExport } from './usePagedList';

describe('readListForExport', () => {
  it('reads every page of the filters as long, quiet calls until a short page', async () => {
    const calls: { request: unknown; options: unknown }[] = [];
    const call = (async (_endpoint: unknown, request: unknown, options: unknown) => {
      calls.push({ request, options });
      const rows = calls.length === 1 ? MARKET_MAX_LIMIT : 3;
      return { fills: Array.from({ length: rows }, (_, index) => ({ index })) };
    }) as unknown as EndpointActions['call'];
    const read = await readListForExport(call, Endpoints.fills, { symbol: 'BTCUSDT' }, (reply) =>
      reply.fills.map(() => 'row'),
    );
    expect(read).toEqual({ rows: Array(MARKET_MAX_LIMIT + 3).fill('row'), complete: true });
    expect(calls).toEqual([
      {
        request: { symbol: 'BTCUSDT', offset: 0, limit: MARKET_MAX_LIMIT },
        options: { quiet: true, long: true },
      },
      {
        request: { symbol: 'BTCUSDT', offset: MARKET_MAX_LIMIT, limit: MARKET_MAX_LIMIT },
        options: { quiet: true, long: true },
      },
    ]);
  });
});
