import { useRef, type KeyboardEvent } from 'react';
import styles from './trading.module.css';

export interface SegmentedProps<V extends string> {
  label: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange(value: V): void;
  testId?: string;
}

/**
 * A row of options of which one is chosen: a radio group (one tab stop; arrow keys, mirrored
 * right to left, move and choose).
 */
export function Segmented<V extends string>({
  label,
  options,
  value,
  onChange,
  testId,
}: SegmentedProps<V>) {
  const groupRef = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = options.findIndex((option) => option.value === value);
    const rtl = groupRef.current ? getComputedStyle(groupRef.current).direction === 'rtl' : false;
    const step =
      event.key === 'ArrowDown' || event.key === (rtl ? 'ArrowLeft' : 'ArrowRight')
        ? 1
        : event.key === 'ArrowUp' || event.key === (rtl ? 'ArrowRight' : 'ArrowLeft')
          ? -1
          : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = options[(index + step + options.length) % options.length];
    if (!next) return;
    onChange(next.value);
    groupRef.current
      ?.querySelector<HTMLElement>(`[data-value="${CSS.escape(next.value)}"]`)
      ?.focus();
  };
  return (
    <div
      ref={groupRef}
      role="radiogroup"
      aria-label={label}
      className={styles.segmented}
      onKeyDown={onKeyDown}
      data-testid={testId}
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          data-value={option.value}
          aria-checked={option.value === value}
          tabIndex={option.value === value ? 0 : -1}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
