import { GatewayCode } from '@exchange-web/protocol/codes';
import { CopyCode, CopyPath } from '@exchange-web/protocol/copy-trading';
import {
  copyTradesReplySchema,
  followReplySchema,
  followsReplySchema,
  leadingReplySchema,
  leadReplySchema,
  leadsReplySchema,
} from '@exchange-web/protocol/copy-trading-schemas';
import { TradeCode, TradingPath } from '@exchange-web/protocol/trading';
import {
  balancesReplySchema,
  orderReplySchema,
  ordersReplySchema,
  positionReplySchema,
  positionsReplySchema,
} from '@exchange-web/protocol/trading-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBalances } from '../src/assets/balances';
import { DEFAULT_MARKET_CONFIG } from '../src/config';
import { Dec } from '../src/market/decimal';
import type { RunningGateway } from '../src/server';
import { call, startTestGateway } from './support';
import { accountCalls, registerTrader } from './traders';

let gateway: RunningGateway;
beforeAll(async () => {
  gateway = await startTestGateway({
    // Results fresh on every read and positions shown at once, so each step below is visible.
    copy: { ...DEFAULT_MARKET_CONFIG.copy, statsCacheMs: 0, positionDelayMs: 0 },
  });
});
afterAll(async () => {
  await gateway.stop();
});

/** A new signed-in trader of the real (or paper) account, holding `usdt` in the real one. */
async function newTrader(usdt = '0', paper = false) {
  const { client, email, userId } = await registerTrader(gateway, 'copy');
  if (usdt !== '0') {
    await setBalances(gateway.db, userId, [{ coin: 'USDT', available: usdt, frozen: '0' }]);
  }
  const { send, ok } = accountCalls(client, paper);
  const refusal = async (path: string, body: unknown) => {
    const reply = await send(path, body);
    return { status: reply.status, code: reply.json?.code, msg: reply.json?.msg };
  };
  return {
    userId,
    email,
    send,
    ok,
    refusal,
    apply: async (body: Record<string, unknown> = {}) =>
      leadReplySchema.parse(
        await ok(CopyPath.apply, {
          nickname: `Lead ${userId.slice(-4)}`,
          description: 'Tests the copies.',
          markets: ['spot', 'futures'],
          profitShare: '0.1',
          ...body,
        }),
      ).lead,
    follow: async (body: Record<string, unknown>) =>
      followReplySchema.parse(await ok(CopyPath.follow, body)).follow,
    follows: async () => followsReplySchema.parse(await ok(CopyPath.follows, {})).follows,
    trades: async (body: Record<string, unknown> = {}) =>
      copyTradesReplySchema.parse(await ok(CopyPath.trades, body)).trades,
    leading: async () => leadingReplySchema.parse(await ok(CopyPath.leading, {})),
    buy: async (size: string, side: 'buy' | 'sell' = 'buy') =>
      orderReplySchema.parse(
        await ok(TradingPath.placeOrder, { symbol: 'BTCUSDT', side, type: 'market', size }),
      ).order,
    open: async (side: 'long' | 'short', size: string, leverage: number) =>
      positionReplySchema.parse(
        await ok(TradingPath.openPosition, { symbol: 'BTCUSDT', side, size, leverage }),
      ).position,
    close: async (positionId: string) =>
      positionReplySchema.parse(await ok(TradingPath.closePosition, { positionId })).position,
    positions: async () =>
      positionsReplySchema.parse(await ok(TradingPath.positions, {})).positions,
    balance: async (coin: string) =>
      new Dec(
        balancesReplySchema
          .parse(await ok(TradingPath.balances))
          .balances.find((entry) => entry.coin === coin)?.available ?? '0',
      ),
  };
}

const leadsOf = async (query: string) => {
  const reply = await call(gateway, 'GET', `${CopyPath.leads}?${query}`);
  expect(reply.json?.code, reply.json?.msg).toBe('00000');
  return leadsReplySchema.parse(reply.json?.data);
};

describe('becoming a lead', () => {
  it('needs the minimum balance, once per account, with a share of at most 30 %', async () => {
    const poor = await newTrader('999');
    expect(
      await poor.refusal(CopyPath.apply, { nickname: 'Poor', markets: ['spot'], profitShare: '0' }),
    ).toMatchObject({
      status: 409,
      code: CopyCode.leadBalanceTooLow,
    });
    const trader = await newTrader('5000');
    expect(
      await trader.refusal(CopyPath.apply, {
        nickname: 'Greedy',
        markets: ['spot'],
        profitShare: '0.5',
      }),
    ).toMatchObject({ status: 400, code: GatewayCode.validationFailed });
    expect(
      await trader.refusal(CopyPath.apply, {
        nickname: '<b>',
        markets: ['spot'],
        profitShare: '0',
      }),
    ).toMatchObject({ status: 400, code: GatewayCode.validationFailed });
    expect(
      await trader.refusal(CopyPath.apply, {
        nickname: 'No markets',
        markets: [],
        profitShare: '0',
      }),
    ).toMatchObject({ status: 400, code: GatewayCode.validationFailed });
    const lead = await trader.apply({ nickname: '  Steady Hands ', markets: ['futures'] });
    expect(lead).toMatchObject({
      nickname: 'Steady Hands',
      markets: ['futures'],
      profitShare: '0.1',
      followers: 0,
      aum: '0',
      demo: false,
      account: 'real',
    });
    expect(lead.stats.map((stats) => [stats.period, stats.trades])).toEqual([
      [7, 0],
      [30, 0],
      [90, 0],
    ]);
    expect(
      await trader.refusal(CopyPath.apply, {
        nickname: 'Twice',
        markets: ['spot'],
        profitShare: '0',
      }),
    ).toMatchObject({
      status: 409,
      code: CopyCode.alreadyLead,
    });
    // The paper account leads apart from the real one, on its own paper balance.
    const paperSide = await newTrader('0', true);
    expect((await paperSide.apply()).account).toBe('paper');
    const listed = await leadsOf('account=real&sort=followers&period=7');
    expect(listed.leads.map((entry) => entry.leadId)).toContain(lead.leadId);
    const single = await call(gateway, 'GET', `${CopyPath.lead}?leadId=${lead.leadId}`);
    expect(leadReplySchema.parse(single.json?.data).lead.description).toBe('Tests the copies.');
  });

  it('answers bad list queries and unknown leads with their codes', async () => {
    for (const query of ['period=8', 'sort=luck', 'account=both', 'market=options', 'limit=0']) {
      const reply = await call(gateway, 'GET', `${CopyPath.leads}?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.json?.code).toBe(GatewayCode.validationFailed);
    }
    const missing = await call(gateway, 'GET', `${CopyPath.lead}?leadId=nobody`);
    expect(missing.status).toBe(404);
    expect(missing.json?.code).toBe(CopyCode.leadNotFound);
  });
});

describe('following', () => {
  it('refuses an unknown lead, oneself, the other account, a wild ratio or cap, and twice', async () => {
    const lead = await newTrader('5000');
    const { leadId } = await lead.apply();
    const follower = await newTrader('1000');
    const base = { leadId, amountMode: 'fixed', amount: '100' };
    expect(await follower.refusal(CopyPath.follow, { ...base, leadId: 'nobody' })).toMatchObject({
      status: 404,
      code: CopyCode.leadNotFound,
    });
    expect(await lead.refusal(CopyPath.follow, base)).toMatchObject({
      status: 409,
      code: CopyCode.selfFollow,
    });
    const paperFollower = await newTrader('0', true);
    expect(await paperFollower.refusal(CopyPath.follow, base)).toMatchObject({
      status: 409,
      code: CopyCode.accountMismatch,
    });
    expect(
      await follower.refusal(CopyPath.follow, { ...base, amountMode: 'ratio', amount: '11' }),
    ).toMatchObject({ status: 400, code: GatewayCode.validationFailed });
    expect(
      await follower.refusal(CopyPath.follow, { ...base, pairCaps: { XYZUSDT: '10' } }),
    ).toMatchObject({ status: 400, code: CopyCode.badPairCap });
    expect(await follower.refusal(CopyPath.follow, { ...base, maxLoss: '0' })).toMatchObject({
      status: 400,
      code: GatewayCode.validationFailed,
    });
    const follow = await follower.follow(base);
    expect(follow).toMatchObject({ status: 'active', amount: '100', realizedPnl: '0' });
    expect(await follower.refusal(CopyPath.follow, base)).toMatchObject({
      status: 409,
      code: CopyCode.alreadyFollowing,
    });
    expect(
      await follower.refusal(CopyPath.stop, { followId: 'nothing', closePositions: true }),
    ).toMatchObject({
      status: 404,
      code: CopyCode.followNotFound,
    });
    const stopped = followReplySchema.parse(
      await follower.ok(CopyPath.stop, { followId: follow.followId, closePositions: false }),
    ).follow;
    expect(stopped).toMatchObject({ status: 'stopped', stopReason: 'user' });
    expect(
      await follower.refusal(CopyPath.stop, { followId: follow.followId, closePositions: true }),
    ).toMatchObject({
      status: 409,
      code: CopyCode.followNotActive,
    });
    // Stopped, the lead may be followed again.
    expect((await follower.follow(base)).status).toBe('active');
  });

  it('mirrors spot fills sized by amount, ratio and cap, sells only what copies bought, shares profit', async () => {
    const lead = await newTrader('20000');
    const { leadId } = await lead.apply({ markets: ['spot'], profitShare: '0.2' });
    const fixed = await newTrader('5000');
    await fixed.follow({ leadId, amountMode: 'fixed', amount: '200' });
    const ratio = await newTrader('5000');
    await ratio.follow({ leadId, amountMode: 'ratio', amount: '0.5' });
    const capped = await newTrader('5000');
    await capped.follow({ leadId, amountMode: 'ratio', amount: '2', pairCaps: { BTCUSDT: '50' } });
    const poor = await newTrader('3');
    await poor.follow({ leadId, amountMode: 'fixed', amount: '100' });

    await lead.buy('0.01');
    const [fixedBuy] = await fixed.trades();
    expect(fixedBuy).toMatchObject({
      kind: 'spot',
      side: 'buy',
      status: 'copied',
      symbol: 'BTCUSDT',
    });
    // 200 USDT at the ask, down to the size step.
    const price = new Dec(fixedBuy!.price!);
    expect(fixedBuy!.size).toBe(new Dec(200).div(price).round(4, Dec.roundDown).toFixed());
    expect((await fixed.balance('BTC')).toFixed()).toBe(fixedBuy!.size);
    expect((await ratio.trades())[0]).toMatchObject({ status: 'copied', size: '0.005' });
    const [cappedBuy] = await capped.trades();
    expect(cappedBuy?.status).toBe('copied');
    expect(new Dec(cappedBuy!.size!).times(cappedBuy!.price!).lte(50)).toBe(true);
    expect(cappedBuy!.detail).toContain('cap');
    // Short of funds: a skip with the engine's code, and nothing else changed.
    const [poorBuy] = await poor.trades();
    expect(poorBuy).toMatchObject({ status: 'skipped', reason: TradeCode.insufficientBalance });
    expect((await poor.balance('USDT')).toFixed()).toBe('3');

    // The ratio follower bought BTC of its own besides: a copied sell sells only the copy's.
    await setBalances(gateway.db, ratio.userId, [
      { coin: 'BTC', available: new Dec('0.005').plus('1').toFixed(), frozen: '0' },
    ]);
    const leadUsdtBefore = await lead.balance('USDT');
    await lead.buy('0.01', 'sell');
    const [ratioSell] = await ratio.trades();
    expect(ratioSell).toMatchObject({ side: 'sell', status: 'copied', size: '0.005' });
    expect((await ratio.balance('BTC')).toFixed()).toBe('1');
    const realised = new Dec(ratioSell!.realizedPnl!);
    const shared = new Dec(ratioSell!.shared!);
    expect(shared.toFixed()).toBe(
      realised.gt(0) ? realised.times('0.2').round(8, Dec.roundDown).toFixed() : '0',
    );
    const [follow] = await ratio.follows();
    expect(follow!.realizedPnl).toBe(realised.minus(shared).toFixed());
    expect(follow!.sharedProfit).toBe(shared.toFixed());
    // The poor follower's copy bought nothing, so it has nothing to sell.
    expect((await poor.trades())[0]).toMatchObject({
      status: 'skipped',
      reason: TradeCode.insufficientBalance,
    });

    const leading = await lead.leading();
    expect(leading.followers).toHaveLength(4);
    expect(leading.followers.every((entry) => entry.follower.includes('****'))).toBe(true);
    // The lead's USDT: the sell's proceeds after its fee, and every share its followers paid.
    const [sell] = ordersReplySchema.parse(
      await lead.ok(TradingPath.orderHistory, { side: 'sell', limit: 1 }),
    ).orders;
    const proceeds = new Dec(sell!.averagePrice!).times('0.01');
    const shares = leading.shares.reduce((sum, share) => sum.plus(share.shared), new Dec(0));
    expect(leading.sharedTotal).toBe(shares.toFixed());
    expect((await lead.balance('USDT')).toFixed()).toBe(
      leadUsdtBefore.plus(proceeds).minus(proceeds.times('0.001')).plus(shares).toFixed(),
    );
  });

  it('opens and closes futures copies with the lead, and stops with or without closing', async () => {
    const lead = await newTrader('20000');
    const { leadId } = await lead.apply({ markets: ['futures'], profitShare: '0' });
    const closer = await newTrader('2000');
    const closing = await closer.follow({ leadId, amountMode: 'fixed', amount: '100' });
    const keeper = await newTrader('2000');
    const keeping = await keeper.follow({ leadId, amountMode: 'ratio', amount: '1' });

    const first = await lead.open('long', '0.01', 5);
    const [copied] = await closer.trades();
    expect(copied).toMatchObject({ kind: 'open', side: 'long', status: 'copied' });
    const [position] = await closer.positions();
    expect(position).toMatchObject({ leverage: 5, side: 'long', status: 'open' });
    // Margin 100 USDT at 5×: 500 USDT of BTC, down to the step.
    expect(position!.size).toBe(
      new Dec(500).div(position!.entryPrice).round(4, Dec.roundDown).toFixed(),
    );
    expect((await keeper.positions())[0]).toMatchObject({ size: '0.01', status: 'open' });

    await lead.close(first.positionId);
    const [closedCopy] = await closer.trades();
    expect(closedCopy).toMatchObject({ kind: 'close', status: 'copied', shared: '0' });
    expect((await closer.positions())[0]?.status).toBe('closed');
    expect((await closer.follows())[0]?.realizedPnl).toBe(closedCopy!.realizedPnl);

    await lead.open('short', '0.01', 3);
    expect((await closer.follows())[0]?.openPositions).toBe(1);
    const lead2 = leadReplySchema.parse(
      (await call(gateway, 'GET', `${CopyPath.lead}?leadId=${leadId}`)).json?.data,
    ).lead;
    expect(lead2.followers).toBe(2);
    expect(new Dec(lead2.aum).gt(0)).toBe(true);
    expect(lead2.positions).toHaveLength(1);
    expect(lead2.history).toHaveLength(1);

    // Stopping with close closes the copy at once; stopping without keeps it open.
    const stopped = followReplySchema.parse(
      await closer.ok(CopyPath.stop, { followId: closing.followId, closePositions: true }),
    ).follow;
    expect(stopped).toMatchObject({ status: 'stopped', openPositions: 0 });
    expect((await closer.trades())[0]).toMatchObject({
      kind: 'stop',
      status: 'copied',
      side: 'short',
    });
    await keeper.ok(CopyPath.stop, { followId: keeping.followId, closePositions: false });
    expect((await keeper.positions()).filter((entry) => entry.status === 'open')).toHaveLength(1);
    // After the stop, the lead's trades are no longer copied.
    await lead.open('long', '0.01', 2);
    expect((await closer.trades()).filter((entry) => entry.kind === 'open')).toHaveLength(2);
  });

  it('stops at the maximum loss, closing what the copies hold', async () => {
    const lead = await newTrader('20000');
    const { leadId } = await lead.apply({ markets: ['spot', 'futures'] });
    const follower = await newTrader('3000');
    await follower.follow({ leadId, amountMode: 'fixed', amount: '500', maxLoss: '0.01' });
    const position = await lead.open('long', '0.01', 2);
    await lead.buy('0.001');
    // A round trip at once loses the spread and both fees: past a loss of 0.01 USDT.
    await lead.close(position.positionId);
    const [follow] = await follower.follows();
    expect(follow).toMatchObject({ status: 'stopped', stopReason: 'maxLoss', openPositions: 0 });
    // The spot coins the copy bought were sold by the stop.
    const trades = await follower.trades();
    expect(trades.map((entry) => [entry.kind, entry.side, entry.status])).toEqual([
      ['stop', 'sell', 'copied'],
      ['close', 'long', 'copied'],
      ['spot', 'buy', 'copied'],
      ['open', 'long', 'copied'],
    ]);
    expect((await follower.balance('BTC')).toFixed()).toBe('0');
  });
});

describe('the paper account', () => {
  it('copies a paper lead into paper followers, apart from the real balances', async () => {
    const lead = await newTrader('0', true);
    const { leadId } = await lead.apply({ markets: ['futures'] });
    const follower = await newTrader('0', true);
    await follower.follow({ leadId, amountMode: 'fixed', amount: '1000' });
    await lead.open('short', '0.05', 10);
    expect((await follower.trades())[0]).toMatchObject({ kind: 'open', status: 'copied' });
    expect(await follower.positions()).toHaveLength(1);
    const listed = await leadsOf('account=paper');
    expect(listed.leads.find((entry) => entry.leadId === leadId)?.followers).toBe(1);
    expect((await leadsOf('account=real')).leads.map((entry) => entry.leadId)).not.toContain(
      leadId,
    );
    // The reset of the paper account ends its follows.
    await follower.ok(TradingPath.resetPaper);
    expect((await follower.follows())[0]?.status).toBe('stopped');
  });
});
