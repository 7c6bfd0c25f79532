import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface MenuItem {
  value: string;
  label: ReactNode;
  /** Text for the accessible name when the label is not plain text. */
  lang?: string;
}

export interface MenuButtonProps {
  /** What the button shows. */
  children: ReactNode;
  /** The menu's accessible name. */
  menuLabel: string;
  /** The button's accessible name, when its visible text is not enough. */
  buttonLabel?: string;
  items: readonly MenuItem[];
  /** The checked item of a radio menu; without it the items are actions (`menuitem`). */
  selected?: string;
  onSelect(value: string): void;
  testId?: string;
  /**
   * The button shows the selected item's label and keeps the width of the widest item's, so a
   * label that changes after the first paint (a choice remembered in the browser, which the
   * server cannot render) moves nothing beside it.
   */
  widestItemWidth?: boolean;
}

/**
 * A menu button after the WAI-ARIA pattern: Enter, Space or Arrow Down opens it on the first
 * (or checked) item, arrows and Home/End move, Escape closes and returns focus, Tab leaves.
 */
export function MenuButton({
  children,
  menuLabel,
  buttonLabel,
  items,
  selected,
  onSelect,
  testId,
  widestItemWidth = false,
}: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLLIElement | null)[]>([]);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const openAt = (index: number) => {
    setActive(Math.max(0, Math.min(index, items.length - 1)));
    setOpen(true);
  };
  const selectedIndex = Math.max(
    0,
    items.findIndex((item) => item.value === selected),
  );
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  const choose = (value: string) => {
    close(true);
    onSelect(value);
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(selectedIndex);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(items.length - 1);
    }
  };
  const onMenuKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowDown: (active + 1) % items.length,
      ArrowUp: (active - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const item = items[active];
      if (item) choose(item.value);
    }
  };

  return (
    <div className="menu" ref={rootRef} data-testid={testId}>
      <button
        ref={buttonRef}
        type="button"
        className="menu-button"
        aria-label={buttonLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close(false) : openAt(selectedIndex))}
        onKeyDown={onButtonKeyDown}
      >
        {widestItemWidth ? (
          // Every item's label, unseen, in the same grid cell as the one shown.
          <span className="menu-button-labels">
            {items.map((item) => (
              <span key={item.value} className="menu-button-ghost" aria-hidden="true">
                {item.label}
              </span>
            ))}
            {/* A new node for each label: rewriting one centred text would count as a shift. */}
            <span key={selected} className="menu-button-label">
              {children}
            </span>
          </span>
        ) : (
          children
        )}
      </button>
      <ul
        id={menuId}
        role="menu"
        aria-label={menuLabel}
        className="menu-list"
        hidden={!open}
        onKeyDown={onMenuKeyDown}
      >
        {items.map((item, index) => (
          <li
            key={item.value}
            ref={(element) => {
              itemRefs.current[index] = element;
            }}
            role={selected === undefined ? 'menuitem' : 'menuitemradio'}
            aria-checked={selected === undefined ? undefined : item.value === selected}
            tabIndex={index === active ? 0 : -1}
            lang={item.lang}
            data-value={item.value}
            onClick={() => choose(item.value)}
          >
            {item.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
