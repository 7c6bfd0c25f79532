import styles from './trading.module.css';

export interface SelectFieldProps<Value extends string> {
  id: string;
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange(value: Value): void;
  testId?: string;
}

/** A labelled choice among `options`; `onChange` gets one of their values only. */
export function SelectField<Value extends string>({
  id,
  label,
  value,
  options,
  onChange,
  testId,
}: SelectFieldProps<Value>) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        data-testid={testId}
        onChange={(event) => {
          const picked = options.find((option) => option.value === event.target.value);
          if (picked) onChange(picked.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export interface DecimalFieldProps {
  id: string;
  label: string;
  value: string;
  /** Marks the field as refused (the form says why). */
  invalid: boolean;
  onChange(value: string): void;
}

/** A labelled text field for an amount or a price: the decimal keypad on phones, no autofill. */
export function DecimalField({ id, label, value, invalid, onChange }: DecimalFieldProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        aria-invalid={invalid}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
