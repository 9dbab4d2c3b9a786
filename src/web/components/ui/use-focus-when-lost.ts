// Where keyboard focus goes when the button that had it leaves the screen (Pair Selected once the
// pair is made, a photo's Delete once it is gone): to a heading near what changed, not to the top
// of the page, where a keyboard or screen reader user would have to start again (WCAG 2.4.3).
import { useCallback, useEffect, useRef } from 'react';

/**
 * Returns `focusWhenLost(...ids)`: once focus next falls to the page's body, it moves to the first
 * of these elements that exists (give them tabIndex={-1}). Checked after each render of the caller, until it has worked.
 */
export function useFocusWhenLost(): (...ids: string[]) => void {
  const wanted = useRef<string[] | null>(null);
  useEffect(() => {
    const ids = wanted.current;
    if (!ids) return;
    const active = document.activeElement;
    if (active && active !== document.body) return; // still on something: wait until it leaves
    const target = ids.map((id) => document.getElementById(id)).find((element) => element !== null);
    if (!target) return;
    target.focus();
    // A disabled button takes no focus: try again after the next render.
    if (document.activeElement === target) wanted.current = null;
  });
  return useCallback((...ids: string[]) => {
    wanted.current = ids;
  }, []);
}
