// Arrow keys for a group of choices where one is chosen (WAI-ARIA radio group and tabs patterns):
// the group is one Tab stop (the chosen option has tabIndex 0, the others -1), the arrow keys,
// Home and End choose another option and move focus to it.
import type { KeyboardEvent } from 'react';

const STEPS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** The group's onKeyDown: options are its descendants with `[data-choice]`, in `values` order. */
export function arrowKeyChoice<T>(values: readonly T[], current: T, choose: (value: T) => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const at = values.indexOf(current);
    const step = STEPS[event.key];
    let next: number;
    if (step !== undefined) next = (at + step + values.length) % values.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = values.length - 1;
    else return;
    event.preventDefault();
    const value = values[next];
    if (value === undefined) return;
    choose(value);
    event.currentTarget.querySelectorAll<HTMLElement>('[data-choice]')[next]?.focus();
  };
}

/** tabIndex for an option: only the chosen one is in the Tab order. */
export function choiceTabIndex(isChosen: boolean): 0 | -1 {
  return isChosen ? 0 : -1;
}
