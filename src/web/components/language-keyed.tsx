// Renders the app afresh when the language changes, so every word on screen follows,
// including the ones components read with the plain `t()` rather than the useT() hook. Changing
// the language is rare; the query cache, the device's kept photos and the URL survive it.
// The control that changed the language gets keyboard focus back (use-language.ts).
import { Fragment, useLayoutEffect, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { takeRefocusTarget } from '../lib/i18n/use-language';

export function LanguageKeyed({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  useLayoutEffect(() => {
    const target = takeRefocusTarget();
    if (target) document.querySelector<HTMLElement>(`[data-refocus="${target}"]`)?.focus();
  }, [i18n.locale]);
  return <Fragment key={i18n.locale}>{children}</Fragment>;
}
