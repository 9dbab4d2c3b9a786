// The full photo, over a dark backdrop: a native modal <dialog> (focus kept inside,
// Escape closes, the page behind is inert) with no dialog library on this light page.
import { useEffect, useRef } from 'react';
import { X } from 'lucide-react';
import type { SharedPhoto } from '@shared/contract/share-links';
import { TEXT } from './text';

export interface OpenPhoto {
  photo: SharedPhoto;
  which: 'before' | 'after';
  number: number;
}

export function FullPhotoDialog({ open, onClose }: { open: OpenPhoto | null; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const title = open ? TEXT.fullPhotoTitle(open.which, open.number) : '';
  return (
    <dialog
      ref={dialog}
      aria-labelledby="full-photo-title"
      onClose={onClose}
      // A tap on the backdrop (the dialog itself, around the photo) closes it.
      onClick={(event) => event.target === event.currentTarget && onClose()}
      className="m-0 size-full max-h-none max-w-none bg-transparent p-3 text-white backdrop:bg-slate-950/90 sm:p-6"
    >
      {open && (
        <div className="flex h-full flex-col" onClick={(event) => event.target === event.currentTarget && onClose()}>
          <div className="flex items-center justify-between gap-3">
            <h2 id="full-photo-title" className="rounded-full bg-slate-900 px-3 py-1 ring-1 ring-white/20 text-sm font-bold tracking-wide">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label={TEXT.close}
              className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-full bg-white/10 hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              <X className="size-6" aria-hidden="true" />
            </button>
          </div>
          <div className="flex min-h-0 flex-1 items-center justify-center pt-3" onClick={(event) => event.target === event.currentTarget && onClose()}>
            <img
              src={open.photo.imageUrl}
              alt={title}
              className="max-h-full max-w-full rounded-lg bg-cover object-contain"
              // The thumbnail (already loaded) stands in while the full photo arrives.
              style={{ backgroundImage: `url(${open.photo.thumbnailUrl})` }}
            />
          </div>
        </div>
      )}
    </dialog>
  );
}
