import type { Brc20Token, IndexLeaderboardReply } from '@exchange-web/protocol/inscription';
import { TrackingId } from '@exchange-web/protocol/registry';
import { useExposure } from '@exchange-web/react/tracking/useExposure';
import { useMemo } from 'react';
import { PageLink } from '../PageLink';
import { tokenPath } from './list-links';
import styles from './inscription.module.css';
import { trendClass, type InscriptionView } from './view';

/** The hot strip: the busiest tokens of the last 24 hours as cards, each linking to its page. */
export function HotStrip({
  items,
  t,
  formats,
  fiat,
}: InscriptionView & { items: readonly Brc20Token[] }) {
  const ext = useMemo(() => ({ tickers: items.map((token) => token.ticker) }), [items]);
  const seen = useExposure<HTMLElement>(TrackingId.hotTokensExpose, ext);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="hot-title" data-testid="hot-strip" ref={seen}>
      <h2 id="hot-title">{t('inscription.hot.title')}</h2>
      <ol className={styles.hotList} aria-label={t('inscription.hot.label')}>
        {items.map((token) => (
          <li key={token.ticker}>
            <PageLink href={tokenPath(token.ticker)} className={styles.hotCard}>
              <strong>{token.ticker}</strong>
              <span>{formats.price(token.priceUsdt, fiat)}</span>
              <span className={trendClass(token.change24h)}>{formats.change(token.change24h)}</span>
            </PageLink>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The 24 h leaderboards (SPEC 7 indexLeaderboard): top gainers, top losers and top volume. */
export function Leaderboards({
  boards,
  t,
  formats,
  fiat,
}: InscriptionView & { boards: IndexLeaderboardReply }) {
  const lists = [
    { key: 'gainers', title: t('inscription.leaderboard.gainers'), rows: boards.gainers },
    { key: 'losers', title: t('inscription.leaderboard.losers'), rows: boards.losers },
    { key: 'volume', title: t('inscription.leaderboard.volume'), rows: boards.volume },
  ] as const;
  const ext = useMemo(
    () => ({
      boards: {
        gainers: boards.gainers.map((row) => row.ticker),
        losers: boards.losers.map((row) => row.ticker),
        volume: boards.volume.map((row) => row.ticker),
      },
    }),
    [boards],
  );
  const seen = useExposure<HTMLElement>(TrackingId.leaderboardsExpose, ext);
  return (
    <section aria-labelledby="boards-title" data-testid="leaderboards" ref={seen}>
      <h2 id="boards-title">{t('inscription.leaderboard.title')}</h2>
      <div className={styles.boards}>
        {lists.map((list) => (
          <div key={list.key} className={styles.panel}>
            <h3 id={`board-${list.key}`}>{list.title}</h3>
            <ol className={styles.boardList} aria-labelledby={`board-${list.key}`}>
              {list.rows.map((row) => (
                <li key={row.ticker}>
                  <PageLink href={tokenPath(row.ticker)}>{row.ticker}</PageLink>
                  <span>
                    {list.key === 'volume' ? (
                      formats.money(row.volume24hUsdt, fiat)
                    ) : (
                      <span className={trendClass(row.change24h)}>
                        {formats.change(row.change24h)}
                      </span>
                    )}
                  </span>
                </li>
              ))}
            </ol>
          </div>
        ))}
      </div>
    </section>
  );
}
