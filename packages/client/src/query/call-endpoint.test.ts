import { Endpoints } from '@exchange-web/protocol/endpoints';
import { TradingPath } from '@exchange-web/protocol/trading';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isMalformedReplyError } from '../errors';
import { ok, startLocalServer, type LocalServer } from '../testing/local-server';
import { quietClient } from '../testing/quiet-client';
import { callEndpoint, isInvalidRequestError } from './call-endpoint';

let server: LocalServer;

beforeEach(async () => {
  server = await startLocalServer();
});
afterEach(async () => {
  await server.close();
});

const http = () => quietClient(server);

const ticker = {
  symbol: 'BTCUSDT',
  last: '65000.1',
  mark: '65000',
  open24h: '64000',
  high24h: '66000',
  low24h: '63000',
  change24h: '0.0156',
  volume24h: '12.5',
  time: 1_700_000_000_000,
};

describe('callEndpoint', () => {
  it('resolves the reply data read by the reply schema', async () => {
    server.on(TradingPath.balances, () => ok({ account: 'paper', balances: [], addedLater: true }));
    const reply = await callEndpoint(http(), Endpoints.balances, {});
    expect(reply).toEqual({ account: 'paper', balances: [] });
    expect(server.hits(TradingPath.balances)[0]).toMatchObject({ method: 'POST', body: '{}' });
  });

  it('sends a GET request as query parameters', async () => {
    server.on(TradingPath.ticker, () => ok(ticker));
    await expect(callEndpoint(http(), Endpoints.ticker, { symbol: 'BTCUSDT' })).resolves.toEqual(
      ticker,
    );
    expect(server.hits(TradingPath.ticker)[0]).toMatchObject({
      method: 'GET',
      url: `${TradingPath.ticker}?symbol=BTCUSDT`,
    });
  });

  it('rejects reply data the schema refuses with a MalformedReplyError, the zod error its cause', async () => {
    const data = { ...ticker, last: 65000.1 };
    server.on(TradingPath.ticker, () => ok(data));
    const error = await callEndpoint(http(), Endpoints.ticker, { symbol: 'BTCUSDT' }).catch(
      (caught: unknown) => caught,
    );
    expect(isMalformedReplyError(error)).toBe(true);
    expect(error).toMatchObject({ reply: data });
    expect((error as Error).cause).toHaveProperty('name', '$ZodError');
  });

  it('refuses a request the schema refuses before anything is sent', async () => {
    server.on(TradingPath.cancelOrder, () => ok({}));
    const error = await callEndpoint(http(), Endpoints.cancelOrder, { orderId: '' }).catch(
      (caught: unknown) => caught,
    );
    expect(isInvalidRequestError(error)).toBe(true);
    expect((error as Error).cause).toHaveProperty('name', '$ZodError');
    expect(server.seen).toEqual([]);
  });

  it('sends the request as given, leaving defaults to the gateway', async () => {
    server.on(TradingPath.openOrders, () => ok({ orders: [] }));
    await callEndpoint(http(), Endpoints.openOrders, { symbol: 'BTCUSDT' });
    expect(server.hits(TradingPath.openOrders)[0]?.body).toBe('{"symbol":"BTCUSDT"}');
  });
});
