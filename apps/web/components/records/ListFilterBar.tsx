import { MARKET_SYMBOLS, ORDER_SIDES, ORDER_TYPES } from '@exchange-web/protocol/trading';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { SelectField } from '../trading/FormFields';
import type { ListFilterValues } from './list-filters';
import fieldStyles from '../trading/trading.module.css';
import styles from './records.module.css';

/** A filter a list offers. */
export type ListFilterField = 'symbol' | 'side' | 'type' | 'kind' | 'days';

export interface ListFilterBarProps {
  fields: readonly ListFilterField[];
  value: ListFilterValues;
  onChange(value: ListFilterValues): void;
  /** The kinds the `kind` filter offers, with their labels. */
  kinds?: readonly { value: string; label: string }[];
  /** The pair filter's label and its "any" entry's (of margin records: the isolated account). */
  symbolLabel?: string;
  anySymbol?: string;
  /** Said beside the dates when the start day is after the end day. */
  rangeError?: string | null;
}

/**
 * The filters of a record list: pair, side, order type, record kind and a day range, each applied
 * as it changes (a date input in the visitor's calendar).
 */
export function ListFilterBar({
  fields,
  value,
  onChange,
  kinds = [],
  symbolLabel,
  anySymbol,
  rangeError,
}: ListFilterBarProps) {
  const { t } = useShellState();
  const set = (change: Partial<ListFilterValues>) => onChange({ ...value, ...change });
  const has = (field: ListFilterField) => fields.includes(field);
  return (
    <fieldset className={styles.filters} data-testid="list-filters">
      <legend>{t('records.filters.label')}</legend>
      {has('symbol') ? (
        <SelectField
          id="filter-symbol"
          label={symbolLabel ?? t('records.filters.pair')}
          value={value.symbol}
          options={[
            { value: '', label: anySymbol ?? t('records.filters.allPairs') },
            ...MARKET_SYMBOLS.map((pair) => ({
              value: pair.symbol,
              label: `${pair.base}/${pair.quote}`,
            })),
          ]}
          onChange={(symbol) => set({ symbol })}
        />
      ) : null}
      {has('side') ? (
        <SelectField<ListFilterValues['side']>
          id="filter-side"
          label={t('records.filters.side')}
          value={value.side}
          options={[
            { value: '', label: t('records.filters.allSides') },
            ...ORDER_SIDES.map((side) => ({ value: side, label: t(`trading.form.${side}`) })),
          ]}
          onChange={(side) => set({ side })}
        />
      ) : null}
      {has('type') ? (
        <SelectField<ListFilterValues['type']>
          id="filter-type"
          label={t('records.filters.type')}
          value={value.type}
          options={[
            { value: '', label: t('records.filters.allTypes') },
            ...ORDER_TYPES.map((type) => ({ value: type, label: t(`trading.form.${type}`) })),
          ]}
          onChange={(type) => set({ type })}
        />
      ) : null}
      {has('kind') ? (
        <SelectField
          id="filter-kind"
          label={t('records.filters.kind')}
          value={value.kind}
          options={[{ value: '', label: t('records.filters.allKinds') }, ...kinds]}
          onChange={(kind) => set({ kind })}
        />
      ) : null}
      {has('days') ? (
        <>
          <div className={fieldStyles.field}>
            <label htmlFor="filter-from">{t('records.filters.from')}</label>
            <input
              id="filter-from"
              type="date"
              value={value.fromDay}
              aria-invalid={rangeError ? true : undefined}
              aria-describedby={rangeError ? 'filter-range-error' : undefined}
              onChange={(event) => set({ fromDay: event.target.value })}
            />
          </div>
          <div className={fieldStyles.field}>
            <label htmlFor="filter-to">{t('records.filters.to')}</label>
            <input
              id="filter-to"
              type="date"
              value={value.toDay}
              aria-invalid={rangeError ? true : undefined}
              onChange={(event) => set({ toDay: event.target.value })}
            />
          </div>
        </>
      ) : null}
      {rangeError ? (
        <p id="filter-range-error" className={styles.error} role="alert">
          {rangeError}
        </p>
      ) : null}
    </fieldset>
  );
}
