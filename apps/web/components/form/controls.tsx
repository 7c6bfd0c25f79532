import { useId, type ButtonHTMLAttributes, type ReactNode } from 'react';
import styles from './form.module.css';

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** @default 'default' */
  variant?: 'primary' | 'default' | 'danger';
  /** @default 'medium' */
  size?: 'medium' | 'small';
  /** Busy with what the button started: disabled and announced as busy. @default false */
  loading?: boolean;
}

/** A button in the site's look; `type` is `button` unless given (never an accidental submit). */
export function Button({
  variant = 'default',
  size = 'medium',
  loading = false,
  className,
  type = 'button',
  disabled,
  ...button
}: ButtonProps) {
  return (
    <button
      {...button}
      type={type}
      disabled={disabled === true || loading}
      aria-busy={loading || undefined}
      className={classes(
        styles.button,
        variant === 'primary' && 'button-primary',
        variant === 'danger' && styles.danger,
        size === 'small' && styles.small,
        className,
      )}
    />
  );
}

export interface NoticeProps {
  /** `error` is announced at once (an alert); the others politely (a status). */
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
  /** A control beside the text (e.g. "switch back"). */
  action?: ReactNode;
  className?: string;
  'data-testid'?: string;
}

/** A line of feedback in the page: a failure, a success or a state worth knowing. */
export function Notice({ tone, children, action, className, ...rest }: NoticeProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={classes(styles.notice, styles[tone], className)}
      data-testid={rest['data-testid']}
    >
      <span>{children}</span>
      {action}
    </div>
  );
}

/** A short label beside a value: a permission, a state. */
export function Tag({
  tone = 'neutral',
  children,
}: {
  tone?: 'neutral' | 'success' | 'info';
  children: ReactNode;
}) {
  return (
    <span className={classes(styles.tag, tone !== 'neutral' && styles[tone])}>{children}</span>
  );
}

/** One option of a group: a native radio or checkbox inside its label. */
function OptionInput(props: {
  type: 'radio' | 'checkbox';
  className: string | undefined;
  name: string;
  value: string;
  label: ReactNode;
  checked: boolean;
  disabled?: boolean | undefined;
  onChange(checked: boolean): void;
}) {
  return (
    <label className={props.className}>
      <input
        type={props.type}
        name={props.name}
        value={props.value}
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.currentTarget.checked)}
      />
      <span>{props.label}</span>
    </label>
  );
}

export interface ChoiceGroupProps<Value extends string> {
  /** The group's name for assistive technology (a visually hidden legend unless shown). */
  legend: string;
  /** Show the legend above the choices. @default false */
  showLegend?: boolean;
  name: string;
  options: readonly { value: Value; label: ReactNode }[];
  value: Value;
  onChange(value: Value): void;
  disabled?: boolean;
  'data-testid'?: string;
}

/** One choice of a few, as segmented buttons: native radios, so arrows and forms work as usual. */
export function ChoiceGroup<Value extends string>(props: ChoiceGroupProps<Value>) {
  return (
    <fieldset className={styles.choices} data-testid={props['data-testid']}>
      <legend className={props.showLegend ? styles.label : 'visually-hidden'}>
        {props.legend}
      </legend>
      <div className={styles.segments}>
        {props.options.map((option) => (
          <OptionInput
            key={option.value}
            type="radio"
            className={styles.segment}
            name={props.name}
            value={option.value}
            label={option.label}
            checked={props.value === option.value}
            disabled={props.disabled}
            onChange={() => props.onChange(option.value)}
          />
        ))}
      </div>
    </fieldset>
  );
}

export interface CheckboxGroupProps<Value extends string> {
  legend: string;
  name: string;
  options: readonly { value: Value; label: ReactNode }[];
  values: readonly Value[];
  onChange(values: Value[]): void;
  error?: string | null;
}

/** Any number of choices, as labelled native checkboxes, with the group's error under them. */
export function CheckboxGroup<Value extends string>(props: CheckboxGroupProps<Value>) {
  const errorId = useId();
  const toggle = (value: Value, checked: boolean) =>
    props.onChange(
      props.options
        .map((option) => option.value)
        .filter((each) => (each === value ? checked : props.values.includes(each))),
    );
  return (
    <fieldset
      className={styles.field}
      aria-invalid={props.error ? true : undefined}
      aria-describedby={props.error ? errorId : undefined}
    >
      <legend className={styles.label}>{props.legend}</legend>
      <div className={styles.checks}>
        {props.options.map((option) => (
          <OptionInput
            key={option.value}
            type="checkbox"
            className={styles.check}
            name={props.name}
            value={option.value}
            label={option.label}
            checked={props.values.includes(option.value)}
            onChange={(checked) => toggle(option.value, checked)}
          />
        ))}
      </div>
      {props.error ? (
        <p id={errorId} className={styles.error} role="alert">
          {props.error}
        </p>
      ) : null}
    </fieldset>
  );
}

export interface SwitchProps {
  checked: boolean;
  onChange(checked: boolean): void;
  /** The switch's accessible name. */
  label: string;
  /** The state as words beside the switch (on, off). */
  stateText?: ReactNode;
  disabled?: boolean;
  loading?: boolean;
  'data-testid'?: string;
}

/** An on/off control (`role="switch"`), for settings that take effect at once. */
export function Switch(props: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={props.checked}
      aria-label={props.label}
      aria-busy={props.loading || undefined}
      disabled={props.disabled === true || props.loading === true}
      className={styles.switch}
      data-testid={props['data-testid']}
      onClick={() => props.onChange(!props.checked)}
    >
      <span className={styles.knob} aria-hidden="true" />
      {props.stateText ? <span className={styles.switchText}>{props.stateText}</span> : null}
    </button>
  );
}

/** Labelled values, one a row (a profile, a set of settings), as a description list. */
export function DescriptionList(props: {
  items: readonly { key: string; label: ReactNode; value: ReactNode }[];
  'data-testid'?: string;
}) {
  return (
    <dl className={styles.descriptions} data-testid={props['data-testid']}>
      {props.items.map((item) => (
        <div key={item.key} className={styles.description}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
