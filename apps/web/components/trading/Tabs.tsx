import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './trading.module.css';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

export interface TabsProps<K extends string> {
  /** Unique on the page: the ids of the tabs and panel derive from it. */
  id: string;
  label: string;
  items: readonly TabItem<K>[];
  selected: K;
  onSelect(key: K): void;
  /** The selected tab's panel. */
  children?: ReactNode;
  /** Extra class of the tab list (side tabs colour buy and sell). */
  className?: string | undefined;
  panelClassName?: string | undefined;
}

/**
 * Tabs as WAI-ARIA describes them: one tab stop, arrow keys (mirrored right to left), Home and
 * End move between tabs and select them; the panel is named by its tab.
 */
export function Tabs<K extends string>({
  id,
  label,
  items,
  selected,
  onSelect,
  children,
  className,
  panelClassName,
}: TabsProps<K>) {
  const listRef = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.key === selected);
    const rtl = listRef.current ? getComputedStyle(listRef.current).direction === 'rtl' : false;
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    let next = -1;
    if (event.key === forward) next = (index + 1) % items.length;
    else if (event.key === backward) next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    const item = items[next];
    if (!item) return;
    event.preventDefault();
    onSelect(item.key);
    listRef.current?.querySelector<HTMLElement>(`#${id}-tab-${item.key}`)?.focus();
  };
  return (
    <>
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        className={[styles.tabs, className].filter(Boolean).join(' ')}
        onKeyDown={onKeyDown}
      >
        {items.map((item) => (
          <button
            key={item.key}
            type="button"
            role="tab"
            id={`${id}-tab-${item.key}`}
            data-side={item.key}
            aria-selected={item.key === selected}
            aria-controls={`${id}-panel`}
            tabIndex={item.key === selected ? 0 : -1}
            onClick={() => onSelect(item.key)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {children !== undefined ? (
        <div
          role="tabpanel"
          id={`${id}-panel`}
          aria-labelledby={`${id}-tab-${selected}`}
          className={panelClassName}
          tabIndex={0}
        >
          {children}
        </div>
      ) : null}
    </>
  );
}
