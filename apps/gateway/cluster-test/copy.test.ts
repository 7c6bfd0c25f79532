import { CopyPath } from '@exchange-web/protocol/copy-trading';
import {
  copyTradesReplySchema,
  followReplySchema,
  leadReplySchema,
} from '@exchange-web/protocol/copy-trading-schemas';
import { HeaderName, HeaderValue } from '@exchange-web/protocol/registry';
import { TradingPath } from '@exchange-web/protocol/trading';
import { positionReplySchema, positionsReplySchema } from '@exchange-web/protocol/trading-schemas';
import { describe, expect, it } from 'vitest';
import type { SigningClient } from '../test/signing-client';
import { doors, signedInClient, signingOn } from './support';

// Each lead trade is mirrored into each follow in the transaction that claims the pair's unique
// row (README "Copy trading"): both gateways' settle timers and the reads racing through every
// door copy it once.
const { a, b, proxy } = doors();
const PAPER = { [HeaderName.paptrading]: HeaderValue.paptrading };
const DOORS = [a, b, proxy];

const post = async (client: SigningClient, path: string, body: unknown = {}) => {
  const reply = await client.signedPost(path, body, {}, PAPER);
  expect(reply.json?.code, `${path}: ${reply.text}`).toBe('00000');
  return reply.json?.data;
};

describe('a paper lead trade copied through both gateways at once', () => {
  it('reaches each follower once, opening and closing one position each', async () => {
    const lead = await signedInClient(a);
    const { leadId } = leadReplySchema.parse(
      await post(lead.client, CopyPath.apply, {
        nickname: 'Cluster Lead',
        markets: ['futures'],
        profitShare: '0',
      }),
    ).lead;
    const followers = await Promise.all([signedInClient(b), signedInClient(a), signedInClient(b)]);
    for (const follower of followers) {
      followReplySchema.parse(
        await post(follower.client, CopyPath.follow, {
          leadId,
          amountMode: 'fixed',
          amount: '200',
        }),
      );
    }
    const opened = positionReplySchema.parse(
      await post(signingOn(lead.client, b), TradingPath.openPosition, {
        symbol: 'BTCUSDT',
        side: 'long',
        size: '0.01',
        leverage: 4,
      }),
    ).position;

    // Every follower reads through every door at once: each read mirrors what is pending.
    const race = () =>
      Promise.all(
        followers.flatMap((follower) =>
          DOORS.map(async (door) =>
            copyTradesReplySchema.parse(
              await post(signingOn(follower.client, door), CopyPath.trades),
            ),
          ),
        ),
      );
    await race();
    for (const follower of followers) {
      const { trades } = copyTradesReplySchema.parse(await post(follower.client, CopyPath.trades));
      expect(trades.map((trade) => [trade.kind, trade.status])).toEqual([['open', 'copied']]);
      const { positions } = positionsReplySchema.parse(
        await post(follower.client, TradingPath.positions),
      );
      expect(positions.map((position) => position.status)).toEqual(['open']);
    }

    await post(signingOn(lead.client, proxy), TradingPath.closePosition, {
      positionId: opened.positionId,
    });
    await race();
    for (const follower of followers) {
      for (const door of DOORS) {
        const on = signingOn(follower.client, door);
        const { trades } = copyTradesReplySchema.parse(await post(on, CopyPath.trades));
        expect(trades.map((trade) => [trade.kind, trade.status])).toEqual([
          ['close', 'copied'],
          ['open', 'copied'],
        ]);
        const { positions } = positionsReplySchema.parse(await post(on, TradingPath.positions));
        expect(positions.map((position) => position.status)).toEqual(['closed']);
      }
    }
  });
});
