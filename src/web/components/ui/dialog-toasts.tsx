// While a dialog is open its toasts show inside it, under its title, in its flow: never over the
// dialog's buttons, and inside its focus trap (Dismiss and a toast's action are reached with Tab).
// The newest open dialog has them; the page's toaster shows none meanwhile.
import { useEffect, useRef, useState } from 'react';
import { dismissToast, toastsDialogs, useToasts } from '../../lib/toast';
import { ToastRegions } from '../toaster';

// Dismissing no toast (ids start at 1) gives the store a new snapshot: every toaster renders again.
const renderToastersAgain = () => dismissToast(0);

function takeToasts(owner: object): () => void {
  toastsDialogs.push(owner);
  renderToastersAgain();
  return () => {
    toastsDialogs.splice(toastsDialogs.indexOf(owner), 1);
    renderToastersAgain();
  };
}

/** The toasts inside an open dialog; a new one is scrolled into view in a tall dialog. */
export function DialogToasts() {
  const [owner] = useState(() => ({}));
  useEffect(() => takeToasts(owner), [owner]);
  const toasts = useToasts();
  const isShowing = toastsDialogs.at(-1) === owner;
  const place = useRef<HTMLDivElement>(null);
  const newest = toasts[0]?.id;
  useEffect(() => {
    if (isShowing && newest !== undefined) place.current?.scrollIntoView?.({ block: 'nearest' });
  }, [isShowing, newest]);
  if (!isShowing) return null;
  // The toast's own look, at the dialog's width and without its floating shadow.
  return (
    <div ref={place} data-testid="dialog-toasts">
      <ToastRegions toasts={toasts} className="flex flex-col gap-2 *:mt-3 *:max-w-none *:shadow-none" />
    </div>
  );
}
