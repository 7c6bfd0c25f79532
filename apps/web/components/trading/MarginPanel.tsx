import { Endpoints } from '@exchange-web/protocol/endpoints';
import type { BalancesReply, MarketSymbol, OrderType } from '@exchange-web/protocol/trading';
import type { MarginAccount, MarginOrderRequest } from '@exchange-web/protocol/trading-schemas';
import type { Translate } from '@exchange-web/react/i18n/translator';
import { useEndpointQuery } from '@exchange-web/react/query/useEndpointQuery';
import { useState, type FormEvent } from 'react';
import { FormMessage } from './FormMessage';
import type { TradingFormats } from './formats';
import { Tabs } from './Tabs';
import { TradeFormPanel } from './TradeFormPanel';
import { compare, isDecimalText } from './trade-math';
import { ACCOUNT_REFRESH_MS } from './useTradingAccount';
import { useTradeAction } from './useTradeAction';
import { marginActionCheck } from './margin-checks';
import { DecimalField, SelectField } from './FormFields';
import styles from './trading.module.css';

type Mode = MarginOrderRequest['mode'];
type Action = 'transferIn' | 'transferOut' | 'borrow' | 'repay';
type SideEffect = MarginOrderRequest['sideEffect'];

const ACTIONS: readonly Action[] = ['transferIn', 'transferOut', 'borrow', 'repay'];
const SIDE_EFFECTS: readonly SideEffect[] = ['none', 'autoBorrow', 'autoRepay'];

export interface MarginPanelProps {
  pair: MarketSymbol;
  /** The spot account's balances (what a transfer in can move), null while unknown. */
  spotBalances: BalancesReply | null;
  refreshSpot(): Promise<void>;
  t: Translate;
  formats: TradingFormats;
}

/** A positive decimal as typed: what the forms send (the gateway checks it again). */
const isAmount = (text: string) => isDecimalText(text.trim()) && compare(text.trim(), '0') > 0;

/**
 * The signed-in trader's margin account of the pair (cross, or the pair's isolated one): what it
 * holds and owes, its risk ratio, transfers from and to spot, borrowing and repaying, and market
 * orders that may borrow or repay on the way. Polled like the rest of the trading account.
 */
export function MarginPanel({ pair, spotBalances, refreshSpot, t, formats }: MarginPanelProps) {
  const [mode, setMode] = useState<Mode>('cross');
  const query = mode === 'isolated' ? { symbol: pair.symbol } : {};
  const account = useEndpointQuery(Endpoints.marginAccount, query, {
    pollMs: ACCOUNT_REFRESH_MS,
    quiet: true,
  });
  const refresh = async () => {
    await Promise.all([account.refetch(), refreshSpot()]);
  };
  const margin = account.data?.margin ?? null;

  return (
    <TradeFormPanel titleId="margin-title" title={t('trading.marginAccount.title')}>
      <Tabs<Mode>
        id="margin-mode"
        label={t('trading.marginAccount.mode')}
        items={[
          { key: 'cross', label: t('trading.marginAccount.cross') },
          { key: 'isolated', label: t('trading.marginAccount.isolated') },
        ]}
        selected={mode}
        onSelect={setMode}
      >
        <MarginSummary margin={margin} t={t} formats={formats} />
        <MarginActions
          key={`actions-${mode}`}
          pair={pair}
          mode={mode}
          spotBalances={spotBalances}
          margin={margin}
          refresh={refresh}
          t={t}
          formats={formats}
        />
        <MarginOrderForm
          key={`order-${mode}`}
          pair={pair}
          mode={mode}
          refresh={refresh}
          t={t}
          formats={formats}
        />
      </Tabs>
    </TradeFormPanel>
  );
}

function MarginSummary({
  margin,
  t,
  formats,
}: {
  margin: MarginAccount | null;
  t: Translate;
  formats: TradingFormats;
}) {
  if (!margin) return <p aria-busy="true">{t('trading.marginAccount.loading')}</p>;
  return (
    <>
      <dl className={styles.summary} data-testid="margin-summary" data-level={margin.level}>
        <dt>{t('trading.marginAccount.assets')}</dt>
        <dd>{`${formats.amount(margin.assets, 2)} USDT`}</dd>
        <dt>{t('trading.marginAccount.debt')}</dt>
        <dd data-testid="margin-debt" data-value={margin.debt}>
          {`${formats.amount(margin.debt, 2)} USDT`}
        </dd>
        <dt>{t('trading.marginAccount.riskRatio')}</dt>
        <dd data-testid="margin-risk" data-value={margin.riskRatio ?? ''}>
          {margin.riskRatio === null
            ? t('trading.marginAccount.noDebt')
            : `${formats.amount(margin.riskRatio, 4)} · ${t(`trading.marginAccount.level.${margin.level}`)}`}
        </dd>
      </dl>
      {/* Six columns in a narrow panel: the table scrolls sideways rather than spill out, and
          takes focus so a keyboard can scroll it too. */}
      <div
        className={styles.scrollX}
        tabIndex={0}
        role="region"
        aria-label={t('trading.marginAccount.holdings')}
      >
        <table className={styles.table} data-testid="margin-holdings">
          <caption>{t('trading.marginAccount.holdings')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('trading.marginAccount.coin')}</th>
              <th scope="col">{t('trading.form.available')}</th>
              <th scope="col">{t('trading.asset.frozen')}</th>
              <th scope="col">{t('trading.marginAccount.borrowed')}</th>
              <th scope="col">{t('trading.marginAccount.interest')}</th>
              <th scope="col">{t('trading.marginAccount.maxBorrowable')}</th>
            </tr>
          </thead>
          <tbody>
            {margin.holdings.map((holding) => (
              <tr key={holding.coin} data-coin={holding.coin} data-available={holding.available}>
                <th scope="row">{holding.coin}</th>
                <td>{formats.amount(holding.available)}</td>
                <td data-frozen={holding.frozen}>{formats.amount(holding.frozen)}</td>
                <td data-borrowed={holding.borrowed}>{formats.amount(holding.borrowed)}</td>
                <td>{formats.amount(holding.interest)}</td>
                <td>{formats.amount(holding.maxBorrowable)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function MarginActions({
  pair,
  mode,
  spotBalances,
  margin,
  refresh,
  t,
  formats,
}: {
  pair: MarketSymbol;
  mode: Mode;
  spotBalances: BalancesReply | null;
  margin: MarginAccount | null;
  refresh(): Promise<void>;
  t: Translate;
  formats: TradingFormats;
}) {
  const [action, setAction] = useState<Action>('transferIn');
  const [coin, setCoin] = useState<string>(pair.quote);
  const [amount, setAmount] = useState('');
  const trade = useTradeAction(refresh, 'trading.marginAccount.refused');
  const amountCheck = useAmountCheck(trade, t);
  const coins = margin?.holdings.map((holding) => holding.coin) ?? [pair.base, pair.quote];
  const scope = mode === 'isolated' ? { symbol: pair.symbol } : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!amountCheck.accepts(amount)) return;
    const body = { ...scope, coin, amount: amount.trim() };
    // The shared rules on the account as last read: a refusal shown at once, nothing sent.
    const spotAvailable = spotBalances
      ? (spotBalances.balances.find((balance) => balance.coin === coin)?.available ?? '0')
      : null;
    const refusal = margin && marginActionCheck(margin, action, coin, body.amount, spotAvailable);
    if (refusal) {
      trade.refuse(refusal);
      return;
    }
    const done = () =>
      t(`trading.marginAccount.done.${action}`, { amount: formats.amount(body.amount), coin });
    if (action === 'transferIn' || action === 'transferOut') {
      const direction = action === 'transferIn' ? 'in' : 'out';
      await trade.call(Endpoints.marginTransfer, { ...body, direction }, done);
    } else {
      await trade.call(
        action === 'borrow' ? Endpoints.marginBorrow : Endpoints.marginRepay,
        body,
        done,
      );
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="margin-actions">
      <SelectField<Action>
        id="margin-action"
        label={t('trading.marginAccount.action')}
        value={action}
        options={ACTIONS.map((entry) => ({
          value: entry,
          label: t(`trading.marginAccount.actions.${entry}`),
        }))}
        onChange={setAction}
      />
      <SelectField
        id="margin-coin"
        label={t('trading.marginAccount.coin')}
        value={coin}
        options={coins.map((entry) => ({ value: entry, label: entry }))}
        onChange={setCoin}
      />
      <DecimalField
        id="margin-amount"
        label={t('trading.marginAccount.amount')}
        value={amount}
        invalid={amountCheck.invalid}
        onChange={setAmount}
      />
      <button
        type="submit"
        className={`${styles.submit} ${styles.submitNeutral}`}
        disabled={trade.busy}
        data-testid="margin-action-submit"
      >
        {t(`trading.marginAccount.actions.${action}`)}
      </button>
      <FormMessage message={trade.message} testId="margin-action-message" />
    </form>
  );
}

function MarginOrderForm({
  pair,
  mode,
  refresh,
  t,
  formats,
}: {
  pair: MarketSymbol;
  mode: Mode;
  refresh(): Promise<void>;
  t: Translate;
  formats: TradingFormats;
}) {
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const [type, setType] = useState<OrderType>('market');
  const [price, setPrice] = useState('');
  const [size, setSize] = useState('');
  const [sideEffect, setSideEffect] = useState<SideEffect>('none');
  const trade = useTradeAction(refresh);
  const amountCheck = useAmountCheck(trade, t);
  const priceCheck = useAmountCheck(trade, t);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (type === 'limit' && !priceCheck.accepts(price)) return;
    if (!amountCheck.accepts(size)) return;
    const body: MarginOrderRequest = {
      symbol: pair.symbol,
      mode,
      side,
      type,
      ...(type === 'limit' ? { price: price.trim() } : {}),
      size: size.trim(),
      sideEffect,
    };
    await trade.call(Endpoints.marginPlaceOrder, body, ({ order }) => {
      const words = {
        side: t(side === 'buy' ? 'trading.form.buy' : 'trading.form.sell'),
        size: formats.size(order.size, pair.sizeStep),
        coin: pair.base,
      };
      // A limit order that did not reach the book rests: placed, not filled.
      return order.status === 'open'
        ? t('trading.form.placed', words)
        : t('trading.marginAccount.done.order', {
            ...words,
            price: formats.price(order.price, pair.priceTick),
          });
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="margin-order-form">
      <h3>{t('trading.form.title')}</h3>
      <SelectField<OrderType>
        id="margin-type"
        label={t('trading.form.orderType')}
        value={type}
        options={[
          { value: 'market', label: t('trading.form.market') },
          { value: 'limit', label: t('trading.form.limit') },
        ]}
        onChange={setType}
      />
      <SelectField<'buy' | 'sell'>
        id="margin-side"
        label={t('trading.marginAccount.side')}
        value={side}
        options={[
          { value: 'buy', label: t('trading.form.buy') },
          { value: 'sell', label: t('trading.form.sell') },
        ]}
        onChange={setSide}
      />
      {type === 'limit' ? (
        <DecimalField
          id="margin-price"
          label={t('trading.form.price', { coin: pair.quote })}
          value={price}
          invalid={priceCheck.invalid}
          onChange={setPrice}
        />
      ) : null}
      <DecimalField
        id="margin-size"
        label={t('trading.form.size', { coin: pair.base })}
        value={size}
        invalid={amountCheck.invalid}
        onChange={setSize}
      />
      <SelectField<SideEffect>
        id="margin-side-effect"
        label={t('trading.marginAccount.sideEffect')}
        value={sideEffect}
        options={SIDE_EFFECTS.map((entry) => ({
          value: entry,
          label: t(`trading.marginAccount.sideEffects.${entry}`),
        }))}
        onChange={setSideEffect}
      />
      <button
        type="submit"
        className={`${styles.submit} ${side === 'buy' ? styles.submitBuy : styles.submitSell}`}
        disabled={trade.busy}
        data-testid="margin-order-submit"
      >
        {t(side === 'buy' ? 'trading.form.buy' : 'trading.form.sell')}
      </button>
      <FormMessage message={trade.message} testId="margin-order-message" />
    </form>
  );
}

/**
 * The amount check both forms run before sending: a positive decimal, else the field marked
 * invalid and the form's message saying what to enter.
 */
function useAmountCheck(trade: ReturnType<typeof useTradeAction>, t: Translate) {
  const [invalid, setInvalid] = useState(false);
  return {
    invalid,
    accepts(text: string): boolean {
      const accepted = isAmount(text);
      setInvalid(!accepted);
      if (!accepted) {
        trade.setMessage({
          kind: 'error',
          text: t('trading.marginAccount.amountInvalid'),
          code: null,
        });
      }
      return accepted;
    },
  };
}
