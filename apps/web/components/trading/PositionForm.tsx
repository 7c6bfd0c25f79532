import type { Translate } from '@exchange-web/react/i18n/translator';
import { Endpoints } from '@exchange-web/protocol/endpoints';
import type {
  BalancesReply,
  MarketSymbol,
  OpenPositionRequest,
  Ticker,
} from '@exchange-web/protocol/trading';
import { useState, type FormEvent } from 'react';
import { FormMessage } from './FormMessage';
import type { TradingFormats } from './formats';
import { Tabs } from './Tabs';
import { TradeFormPanel } from './TradeFormPanel';
import { useFeeLevel } from '../fees/useFeeLevel';
import { checkPosition, compare, isDecimalText, positionMargin } from './trade-math';
import { useTradeAction } from './useTradeAction';
import styles from './trading.module.css';

type PositionSide = OpenPositionRequest['side'];
const DEFAULT_LEVERAGE = 10;

export interface PositionFormProps {
  pair: MarketSymbol;
  ticker: Ticker | null;
  balances: BalancesReply | null;
  /** Whether the trader is signed in: null while the session loads, the form then inert. */
  signedIn: boolean | null;
  refresh(): Promise<void>;
  t: Translate;
  formats: TradingFormats;
}

/**
 * The futures position form: long or short, leverage 1 to the pair's maximum, size at market.
 * The trading page shows a visitor a prompt to log in instead.
 */
export function PositionForm(props: PositionFormProps) {
  const { pair, ticker, balances, signedIn, t, formats } = props;
  const [side, setSide] = useState<PositionSide>('long');
  const [leverage, setLeverage] = useState(Math.min(DEFAULT_LEVERAGE, pair.maxLeverage));
  const [size, setSize] = useState('');
  const [invalid, setInvalid] = useState(false);
  const action = useTradeAction(props.refresh);
  const feeRates = useFeeLevel().data?.level.rates.futures ?? null;
  const available = balances
    ? (balances.balances.find((entry) => entry.coin === 'USDT')?.available ?? '0')
    : null;
  const mark = ticker?.mark ?? null;
  const margin =
    mark !== null && isDecimalText(size) && compare(size, '0') > 0
      ? positionMargin(mark, size, leverage)
      : null;
  const sideText = (value: PositionSide) =>
    t(value === 'long' ? 'trading.position.long' : 'trading.position.short');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const code = checkPosition(pair, { leverage, size, markPrice: mark, available, feeRates });
    if (code !== null) {
      setInvalid(code !== '43007');
      action.refuse(code);
      return;
    }
    setInvalid(false);
    const body: OpenPositionRequest = { symbol: pair.symbol, side, leverage, size: size.trim() };
    await action.call(Endpoints.openPosition, body, (reply) =>
      t('trading.position.opened', {
        side: sideText(side),
        size: formats.size(reply.position.size, pair.sizeStep),
        coin: pair.base,
      }),
    );
  };

  return (
    <TradeFormPanel titleId="position-form-title" title={t('trading.position.title')}>
      <Tabs
        id="position-side"
        label={t('trading.position.side')}
        className={styles.sideTabs}
        items={[
          { key: 'long', label: t('trading.position.long') },
          { key: 'short', label: t('trading.position.short') },
        ]}
        selected={side}
        onSelect={(next) => {
          setSide(next);
          action.setMessage(null);
        }}
      >
        <form onSubmit={(event) => void submit(event)} noValidate data-testid="position-form">
          <div className={styles.field}>
            <label htmlFor="position-leverage">
              {t('trading.position.leverage')}:{' '}
              <output htmlFor="position-leverage" data-testid="position-leverage-value">
                {t('trading.position.leverageValue', { value: leverage })}
              </output>
            </label>
            <input
              id="position-leverage"
              type="range"
              className={styles.range}
              min={1}
              max={pair.maxLeverage}
              step={1}
              value={leverage}
              aria-valuetext={t('trading.position.leverageValue', { value: leverage })}
              onChange={(event) => setLeverage(Number(event.target.value))}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor="position-size">{t('trading.position.size', { coin: pair.base })}</label>
            <input
              id="position-size"
              name="size"
              inputMode="decimal"
              autoComplete="off"
              value={size}
              aria-invalid={invalid}
              aria-describedby="position-size-hint"
              onChange={(event) => setSize(event.target.value)}
            />
            <span id="position-size-hint" className={styles.hint}>
              {t('trading.form.sizeHint', { step: pair.sizeStep, min: pair.minSize })}
            </span>
          </div>
          <dl className={styles.summary}>
            <dt>{t('trading.form.available')}</dt>
            <dd data-testid="position-available" data-value={available ?? ''}>
              {available === null ? '' : `${formats.amount(available, 2)} USDT`}
            </dd>
            <dt>{t('trading.position.margin')}</dt>
            <dd data-testid="position-margin">
              {margin === null ? '' : `${formats.amount(margin, 2)} USDT`}
            </dd>
          </dl>
          <button
            type="submit"
            className={`${styles.submit} ${side === 'long' ? styles.submitBuy : styles.submitSell}`}
            disabled={action.busy || signedIn === null}
            data-testid="position-submit"
          >
            {t(side === 'long' ? 'trading.position.submitLong' : 'trading.position.submitShort')}
          </button>
          <FormMessage message={action.message} testId="position-message" />
        </form>
      </Tabs>
    </TradeFormPanel>
  );
}
