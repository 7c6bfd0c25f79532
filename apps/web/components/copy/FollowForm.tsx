import { COPY_AMOUNT_MODES, type CopyAmountMode } from '@exchange-web/protocol/copy-trading';
import { Endpoints } from '@exchange-web/protocol/endpoints';
import { MARKET_SYMBOLS } from '@exchange-web/protocol/trading';
import { useEndpointActions } from '@exchange-web/react/query/useEndpointActions';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useSimulation } from '@exchange-web/react/simulation/SimulationProvider';
import { useState, type FormEvent } from 'react';
import { DecimalField, SelectField } from '../trading/FormFields';
import { pairName } from '../records/record-columns';
import { CopyStatus, useCopyAction } from './useCopyAction';
import styles from './copy.module.css';

const POSITIVE = /^(?:0|[1-9]\d{0,17})(?:\.\d{1,18})?$/;
const isPositive = (value: string) => POSITIVE.test(value) && /[1-9]/.test(value);

export interface FollowFormProps {
  leadId: string;
  nickname: string;
  /** Called once the follow is made (the order page reads its lists again). */
  onFollowed?(): void;
}

/**
 * Starts copying a lead: how each copy is sized (a fixed USDT amount or a ratio of the lead's
 * size), a cap per pair, and a maximum loss and take-profit that stop the copying. The account is
 * the one in use: real, or paper while simulation is on.
 */
export function FollowForm({ leadId, nickname, onFollowed }: FollowFormProps) {
  const { t } = useShellState();
  const simulation = useSimulation().on;
  const { invalidate } = useEndpointActions();
  const action = useCopyAction();
  const [mode, setMode] = useState<CopyAmountMode>('fixed');
  const [amount, setAmount] = useState('100');
  const [caps, setCaps] = useState<Record<string, string>>({});
  const [maxLoss, setMaxLoss] = useState('');
  const [takeProfit, setTakeProfit] = useState('');
  const [invalid, setInvalid] = useState(false);
  const filledCaps = Object.entries(caps).filter(([, value]) => value !== '');
  const valid =
    isPositive(amount) &&
    filledCaps.every(([, value]) => isPositive(value)) &&
    (maxLoss === '' || isPositive(maxLoss)) &&
    (takeProfit === '' || isPositive(takeProfit));
  const id = (name: string) => `follow-${leadId}-${name}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setInvalid(!valid);
    if (!valid) return;
    const reply = await action.call(
      Endpoints.copyFollow,
      {
        leadId,
        amountMode: mode,
        amount,
        pairCaps: Object.fromEntries(filledCaps),
        ...(maxLoss === '' ? {} : { maxLoss }),
        ...(takeProfit === '' ? {} : { takeProfit }),
      },
      () => t('copy.follow.done', { name: nickname }),
    );
    if (reply) {
      await invalidate(Endpoints.copyFollows, Endpoints.copyTrades);
      onFollowed?.();
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="follow-form">
      <fieldset className={styles.form}>
        <legend>{t('copy.follow.title')}</legend>
        <p className={styles.note}>
          {t('copy.follow.accountNote', {
            account: t(simulation ? 'copy.paper' : 'copy.real'),
          })}
        </p>
        <SelectField<CopyAmountMode>
          id={id('mode')}
          label={t('copy.follow.mode')}
          value={mode}
          options={COPY_AMOUNT_MODES.map((value) => ({
            value,
            label: t(`copy.follow.${value}`),
          }))}
          onChange={setMode}
          testId="follow-mode"
        />
        <DecimalField
          id={id('amount')}
          label={t(mode === 'fixed' ? 'copy.follow.amountFixed' : 'copy.follow.amountRatio')}
          value={amount}
          invalid={invalid && !isPositive(amount)}
          onChange={setAmount}
        />
        {MARKET_SYMBOLS.map((pair) => (
          <DecimalField
            key={pair.symbol}
            id={id(`cap-${pair.symbol}`)}
            label={`${t('copy.follow.caps')}: ${pairName(pair.symbol)}`}
            value={caps[pair.symbol] ?? ''}
            invalid={
              invalid && (caps[pair.symbol] ?? '') !== '' && !isPositive(caps[pair.symbol] ?? '')
            }
            onChange={(value) => setCaps((current) => ({ ...current, [pair.symbol]: value }))}
          />
        ))}
        <DecimalField
          id={id('max-loss')}
          label={t('copy.follow.maxLoss')}
          value={maxLoss}
          invalid={invalid && maxLoss !== '' && !isPositive(maxLoss)}
          onChange={setMaxLoss}
        />
        <DecimalField
          id={id('take-profit')}
          label={t('copy.follow.takeProfit')}
          value={takeProfit}
          invalid={invalid && takeProfit !== '' && !isPositive(takeProfit)}
          onChange={setTakeProfit}
        />
        <div className={styles.actions}>
          <button
            type="submit"
            className="button-primary"
            disabled={action.busy}
            data-testid="follow-submit"
          >
            {t(action.busy ? 'copy.follow.busy' : 'copy.follow.submit')}
          </button>
        </div>
        {invalid ? (
          <p className={styles.error} role="alert">
            {t('copy.follow.invalid')}
          </p>
        ) : null}
        <CopyStatus message={action.message} testId="follow-status" />
      </fieldset>
    </form>
  );
}
