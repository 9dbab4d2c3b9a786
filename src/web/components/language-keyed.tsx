// Renders the app afresh when the language changes (issue 15), so every word on screen follows,
// including the ones components read with the plain `t()` rather than the useT() hook. Changing
// the language is rare; the query cache, the device's kept photos and the URL survive it.
import { Fragment, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';

export function LanguageKeyed({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  return <Fragment key={i18n.locale}>{children}</Fragment>;
}
