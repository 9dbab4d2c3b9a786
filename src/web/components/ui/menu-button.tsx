// A menu button (WAI-ARIA Authoring Practices, "menu button" pattern): the button opens a list of
// actions; arrow keys, Home and End move between them, Escape closes and returns focus, a click or
// tap outside closes. Hand-written on purpose: Radix's dropdown with floating-ui weighed ~28 KB
// on every signed-in first load (a third of the JavaScript budget) for a menu that always opens
// under a sticky header and never needs collision-aware positioning.
import { Fragment, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface MenuAction {
  label: string;
  icon: ReactNode;
  onSelect: () => void;
  /** Draws a separator above this action. */
  separated?: boolean;
  /** One of a set of choices (the language): a menuitemradio, checked when it is the current one. */
  checked?: boolean;
  /** The language of the label, when it is not the page's ("Español" on an English page). */
  lang?: string;
}

const MENU_ITEMS = '[role="menuitem"], [role="menuitemradio"]';

const ITEM =
  'flex min-h-11 w-full cursor-pointer items-center gap-3 rounded-lg px-3 text-left text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100 focus-visible:outline-offset-[-2px]';

export function MenuButton({ label, icon, actions, refocusKey }: { label: string; icon: ReactNode; actions: MenuAction[]; refocusKey?: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>(MENU_ITEMS)?.focus();
    const closeOnOutsidePointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open, close]);

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>(MENU_ITEMS) ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => items[(index + items.length) % items.length]?.focus();
    const keys: Record<string, () => void> = {
      ArrowDown: () => focus(at + 1),
      ArrowUp: () => focus(at - 1),
      Home: () => focus(0),
      End: () => focus(items.length - 1),
      Escape: () => close(true),
    };
    if (event.key === 'Tab') return close(false);
    const handle = keys[event.key];
    if (!handle) return;
    event.preventDefault();
    handle();
  };

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        data-refocus={refocusKey}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((isOpen) => !isOpen)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' || open) return;
          event.preventDefault();
          setOpen(true);
        }}
        className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
      >
        {icon}
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={moveFocus}
          className="absolute top-full right-0 z-40 mt-1.5 min-w-56 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200"
        >
          {actions.map((action) => (
            <Fragment key={action.label}>
              {action.separated && <div role="separator" className="my-1 h-px bg-slate-200" />}
              <button
                type="button"
                role={action.checked === undefined ? 'menuitem' : 'menuitemradio'}
                aria-checked={action.checked}
                lang={action.lang}
                tabIndex={-1}
                className={ITEM}
                onClick={() => {
                  close(true); // focus back on the button first: a dialog opened next returns it there
                  action.onSelect();
                }}
              >
                {action.icon}
                {action.label}
              </button>
            </Fragment>
          ))}
        </div>
      )}
    </div>
  );
}
