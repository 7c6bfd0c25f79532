import type { Translate } from '@exchange-web/react/i18n/translator';
import { Endpoints } from '@exchange-web/protocol/endpoints';
import type { MarketSymbol, Position } from '@exchange-web/protocol/trading';
import { FormMessage } from './FormMessage';
import type { TradingFormats } from './formats';
import { compare } from './trade-math';
import { useTradeAction } from './useTradeAction';
import styles from './trading.module.css';

export interface PositionsTableProps {
  pair: MarketSymbol;
  positions: Position[] | null;
  signedIn: boolean | null;
  refresh(): Promise<void>;
  t: Translate;
  formats: TradingFormats;
}

/** The trader's open positions of the pair: entry, mark, size, margin, PnL, liquidation, close. */
export function PositionsTable({
  pair,
  positions,
  signedIn,
  refresh,
  t,
  formats,
}: PositionsTableProps) {
  const action = useTradeAction(refresh);
  const open = positions?.filter((position) => position.status === 'open') ?? null;
  const close = (position: Position) =>
    void action.call(Endpoints.closePosition, { positionId: position.positionId }, () =>
      t('trading.position.closed'),
    );
  const price = (value: string) => formats.price(value, pair.priceTick);
  return (
    <section
      className={`${styles.panel} ${styles.orders}`}
      aria-labelledby="positions-title"
      data-testid="positions"
    >
      <h2 id="positions-title">{t('trading.position.positions')}</h2>
      {/* Scrolls sideways on a narrow screen: focusable, so a keyboard can scroll it too. */}
      <div
        className={styles.tabPanel}
        role="region"
        aria-labelledby="positions-title"
        tabIndex={0}
        data-testid="positions-scroll"
      >
        {signedIn === false ? (
          <p className={styles.empty}>{t('trading.position.loginToSee')}</p>
        ) : open ? (
          <table className={styles.table} data-testid="positions-table">
            <caption className="visually-hidden">{t('trading.position.positions')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('trading.orders.side')}</th>
                <th scope="col" className={styles.num}>
                  {t('trading.orders.size')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('trading.position.entry')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('trading.position.mark')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('trading.position.marginHeld')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('trading.position.pnl')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('trading.position.liquidation')}
                </th>
                <th scope="col">{t('trading.orders.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {open.length === 0 ? (
                <tr>
                  <td colSpan={8} className={styles.empty}>
                    {t('trading.position.empty')}
                  </td>
                </tr>
              ) : (
                open.map((position) => {
                  const pnl = compare(position.unrealizedPnl, '0');
                  return (
                    <tr key={position.positionId} data-position-id={position.positionId}>
                      <td className={position.side === 'long' ? styles.up : styles.down}>
                        {t(
                          position.side === 'long'
                            ? 'trading.position.long'
                            : 'trading.position.short',
                        )}{' '}
                        {t('trading.position.leverageValue', { value: position.leverage })}
                      </td>
                      <td className={styles.num}>{formats.size(position.size, pair.sizeStep)}</td>
                      <td className={styles.num}>{price(position.entryPrice)}</td>
                      <td className={styles.num}>{price(position.markPrice)}</td>
                      <td className={styles.num}>{formats.amount(position.margin, 2)}</td>
                      <td
                        className={`${styles.num} ${pnl > 0 ? styles.up : pnl < 0 ? styles.down : ''}`}
                      >
                        {formats.signed(position.unrealizedPnl, 2)}
                      </td>
                      <td className={styles.num}>{price(position.liquidationPrice)}</td>
                      <td>
                        <button
                          type="button"
                          className={styles.smallButton}
                          disabled={action.busy}
                          aria-label={t('trading.position.closePosition', {
                            id: position.positionId,
                          })}
                          onClick={() => close(position)}
                        >
                          {t('trading.position.close')}
                        </button>
                      </td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        ) : null}
        <FormMessage message={action.message} testId="positions-message" />
      </div>
    </section>
  );
}
