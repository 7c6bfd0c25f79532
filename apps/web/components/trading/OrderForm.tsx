import type { Translate } from '@exchange-web/react/i18n/translator';
import { Endpoints } from '@exchange-web/protocol/endpoints';
import type {
  BalancesReply,
  Depth,
  MarketSymbol,
  PlaceOrderRequest,
  Ticker,
} from '@exchange-web/protocol/trading';
import { useEffect, useState, type FormEvent } from 'react';
import { FormMessage } from './FormMessage';
import type { TradingFormats } from './formats';
import { Segmented } from './Segmented';
import { Tabs } from './Tabs';
import { TradeFormPanel } from './TradeFormPanel';
import { useFeeLevel } from '../fees/useFeeLevel';
import { checkOrder, isDecimalText, notional } from './trade-math';
import { useTradeAction } from './useTradeAction';
import styles from './trading.module.css';

type Side = PlaceOrderRequest['side'];
type OrderType = PlaceOrderRequest['type'];

export interface OrderFormProps {
  pair: MarketSymbol;
  ticker: Ticker | null;
  depth: Depth | null;
  balances: BalancesReply | null;
  /** Whether the trader is signed in: null while the session loads, the form then inert. */
  signedIn: boolean | null;
  /** A price picked in the book, to fill the price field with. */
  pickedPrice: string | null;
  refresh(): Promise<void>;
  t: Translate;
  formats: TradingFormats;
}

/**
 * The spot order form: buy or sell, limit or market, price and size on the pair's tick and step.
 * The trading page shows a visitor a prompt to log in instead.
 */
export function OrderForm(props: OrderFormProps) {
  const { pair, ticker, depth, balances, signedIn, t, formats } = props;
  const [side, setSide] = useState<Side>('buy');
  const [type, setType] = useState<OrderType>('limit');
  const [price, setPrice] = useState('');
  const [size, setSize] = useState('');
  const [invalid, setInvalid] = useState<'price' | 'size' | null>(null);
  const action = useTradeAction(props.refresh);
  const feeRates = useFeeLevel().data?.level.rates.spot ?? null;

  // The price starts at the last trade's, until the trader types one.
  const last = ticker?.last;
  useEffect(() => {
    if (last !== undefined) setPrice((current) => (current === '' ? last : current));
  }, [last]);
  useEffect(() => {
    if (props.pickedPrice !== null) setPrice(props.pickedPrice);
  }, [props.pickedPrice]);

  const balance = (coin: string) =>
    balances?.balances.find((entry) => entry.coin === coin)?.available ?? '0';
  const payCoin = side === 'buy' ? pair.quote : pair.base;
  const available = balances ? balance(payCoin) : null;
  const bestAsk = depth?.asks[0]?.[0] ?? last ?? null;
  const bestBid = depth?.bids[0]?.[0] ?? last ?? null;
  const marketPrice = side === 'buy' ? bestAsk : bestBid;
  const at = type === 'limit' ? price : marketPrice;
  const total = at !== null && isDecimalText(at) && isDecimalText(size) ? notional(at, size) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const draft = { side, type, price, size, marketPrice, available, feeRates };
    const code = checkOrder(pair, draft);
    if (code !== null) {
      setInvalid(code === '43003' || code === '43012' ? 'price' : 'size');
      action.refuse(code);
      return;
    }
    setInvalid(null);
    const body: PlaceOrderRequest = {
      symbol: pair.symbol,
      side,
      type,
      size: size.trim(),
      ...(type === 'limit' ? { price: price.trim() } : {}),
    };
    await action.call(Endpoints.placeOrder, body, (reply) =>
      t('trading.form.placed', {
        side: t(side === 'buy' ? 'trading.form.buy' : 'trading.form.sell'),
        size: formats.size(reply.order.size, pair.sizeStep),
        coin: pair.base,
      }),
    );
  };

  return (
    <TradeFormPanel titleId="order-form-title" title={t('trading.form.title')}>
      <Tabs
        id="order-side"
        label={t('trading.form.side')}
        className={styles.sideTabs}
        items={[
          { key: 'buy', label: t('trading.form.buy') },
          { key: 'sell', label: t('trading.form.sell') },
        ]}
        selected={side}
        onSelect={(next) => {
          setSide(next);
          action.setMessage(null);
        }}
      >
        <form onSubmit={(event) => void submit(event)} noValidate data-testid="order-form">
          <div className={styles.field}>
            <Segmented
              label={t('trading.form.orderType')}
              testId="order-type"
              value={type}
              onChange={(next) => {
                setType(next);
                setInvalid(null);
              }}
              options={[
                { value: 'limit', label: t('trading.form.limit') },
                { value: 'market', label: t('trading.form.market') },
              ]}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor="order-price">{t('trading.form.price', { coin: pair.quote })}</label>
            <input
              id="order-price"
              name="price"
              inputMode="decimal"
              autoComplete="off"
              disabled={type === 'market'}
              value={type === 'market' ? '' : price}
              placeholder={type === 'market' ? t('trading.form.market') : ''}
              aria-invalid={invalid === 'price'}
              aria-describedby="order-price-hint"
              onChange={(event) => setPrice(event.target.value)}
            />
            <span id="order-price-hint" className={styles.hint}>
              {type === 'market'
                ? t('trading.form.marketPriceHint')
                : t('trading.form.priceHint', { tick: pair.priceTick })}
            </span>
          </div>
          <div className={styles.field}>
            <label htmlFor="order-size">{t('trading.form.size', { coin: pair.base })}</label>
            <input
              id="order-size"
              name="size"
              inputMode="decimal"
              autoComplete="off"
              value={size}
              aria-invalid={invalid === 'size'}
              aria-describedby="order-size-hint"
              onChange={(event) => setSize(event.target.value)}
            />
            <span id="order-size-hint" className={styles.hint}>
              {t('trading.form.sizeHint', { step: pair.sizeStep, min: pair.minSize })}
            </span>
          </div>
          <dl className={styles.summary}>
            <dt>{t('trading.form.available')}</dt>
            <dd data-testid="order-available" data-value={available ?? ''}>
              {available === null ? '' : `${formats.amount(available)} ${payCoin}`}
            </dd>
            <dt>{t('trading.form.total')}</dt>
            <dd data-testid="order-total">
              {total === null ? '' : `${formats.amount(total, 4)} ${pair.quote}`}
            </dd>
          </dl>
          <button
            type="submit"
            className={`${styles.submit} ${side === 'buy' ? styles.submitBuy : styles.submitSell}`}
            disabled={action.busy || signedIn === null}
            data-testid="order-submit"
          >
            {t(side === 'buy' ? 'trading.form.submitBuy' : 'trading.form.submitSell', {
              coin: pair.base,
            })}
          </button>
          <FormMessage message={action.message} testId="order-message" />
        </form>
      </Tabs>
    </TradeFormPanel>
  );
}
