import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './menu-button.css';

interface Props {
  /** What the button shows. */
  children: ReactNode;
  /** The button's accessible name where its content does not say it (an icon). */
  label?: string;
  className: string;
  /** On the wrapper, e.g. to show the menu only on some screens. */
  rootClassName?: string;
  menuClassName?: string;
  disabled?: boolean;
  /** The items, each an element with role="menuitem"; choosing one closes the menu. */
  items: ReactNode;
}

const ITEMS = '[role="menuitem"]:not([aria-disabled="true"])';

/**
 * A button that opens a menu (the WAI-ARIA menu button): the first item takes the focus, the
 * arrow keys, Home and End move it, Escape or a chosen item (after its own click handler) closes
 * the menu and gives the focus back to the button, and Tab or a click elsewhere closes it. The items are only rendered while open;
 * it wears the Export menu's looks (export-menu.css).
 */
export function MenuButton({
  children,
  label,
  className,
  rootClassName = '',
  menuClassName = '',
  disabled = false,
  items,
}: Props) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>(ITEMS)?.focus();
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function onMenuKey(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
      return;
    }
    if (e.key === 'Tab') {
      setOpen(false);
      return;
    }
    const all = Array.from(e.currentTarget.querySelectorAll<HTMLElement>(ITEMS));
    const at = all.indexOf(document.activeElement as HTMLElement);
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 }[e.key];
    if (next === undefined || !all.length) return;
    e.preventDefault();
    all[(next + all.length) % all.length]?.focus();
  }

  return (
    <div className={`export-menu ${rootClassName}`} ref={root}>
      <button
        ref={button}
        id={`${id}-button`}
        type="button"
        className={className}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        disabled={disabled}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {children}
      </button>
      {open && (
        <div
          id={`${id}-menu`}
          className={`export-menu-panel ${menuClassName}`}
          role="menu"
          aria-labelledby={`${id}-button`}
          onKeyDown={onMenuKey}
          onClick={(e) => {
            if ((e.target as HTMLElement).closest(ITEMS)) close();
          }}
        >
          {items}
        </div>
      )}
    </div>
  );
}
