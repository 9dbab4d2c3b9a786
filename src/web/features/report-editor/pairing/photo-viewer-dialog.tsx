import { t } from '../../../lib/i18n/i18n';
import { photoTypeBadge } from '../../../lib/photo-type-label';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { Photo } from '@shared/contract/projects';
import { useReturnFocus } from '../../../components/ui/dialog';

/** The full photo (imageUrl), over a dark backdrop; tap × or press Escape to close. */
export function PhotoViewerDialog({ photo, onClose }: { photo: Photo | null; onClose: () => void }) {
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={photo !== null} onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-950/90" />
        <RadixDialog.Content
          {...returnFocus}
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col p-3 outline-none sm:p-6"
          onClick={onClose}
        >
          <div className="flex items-center justify-between text-white">
            <RadixDialog.Title className="rounded-full bg-white/10 px-3 py-1 text-sm font-bold tracking-wide">
              {photo ? t('photo.alt', { type: photoTypeBadge(photo.type) }) : ''}
            </RadixDialog.Title>
            <RadixDialog.Close
              aria-label={t('photo.close')}
              className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
            >
              <X className="size-6" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          {photo && (
            <div className="flex min-h-0 flex-1 items-center justify-center pt-3">
              <img
                src={photo.imageUrl}
                alt={t('photo.fullSizeAlt', { type: photoTypeBadge(photo.type) })}
                width={photo.width}
                height={photo.height}
                className="max-h-full max-w-full rounded-lg object-contain"
                style={{ backgroundImage: `url(${photo.thumbnailUrl})`, backgroundSize: 'cover' }}
                onClick={(event) => event.stopPropagation()}
              />
            </div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
