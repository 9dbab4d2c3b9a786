// One pair as a before/after comparison: the after photo underneath, the before photo
// over it, cut at the line. Drag the line, tap where it should be, or focus the handle and use the
// arrow keys (Page Up/Down for big steps, Home/End for either photo alone). The handle is a
// role="slider" whose value, how much of the before photo shows, is announced as it changes.
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { ChevronsLeftRight } from 'lucide-react';
import type { SharedPhoto } from '@shared/contract/share-links';
import { TEXT } from './text';
import { PHOTO_BOX } from '@shared/images';
import { cn } from '../../components/ui/cn';
import { SHARED_PHOTO_SIZES, sharedPhotoSrcSet } from '@shared/shared-photo-sources';

const START = 50;
const STEP = 5;
const PAGE_STEP = 25;
/** Horizontal travel (px) after which a press is a drag rather than a tap. */
const DRAG_THRESHOLD = 4;

const clamp = (value: number) => Math.min(100, Math.max(0, Math.round(value)));

const KEY_MOVES: Record<string, (value: number) => number> = {
  ArrowLeft: (value) => value - STEP,
  ArrowDown: (value) => value - STEP,
  ArrowRight: (value) => value + STEP,
  ArrowUp: (value) => value + STEP,
  PageDown: (value) => value - PAGE_STEP,
  PageUp: (value) => value + PAGE_STEP,
  Home: () => 0,
  End: () => 100,
};

export interface ComparisonSliderProps {
  before: SharedPhoto;
  after: SharedPhoto;
  /** 1-based, for the labels. */
  number: number;
  /** The first pair loads at once and first; the rest as they come near the screen. */
  isFirst: boolean;
}

export function ComparisonSlider({ before, after, number, isFirst }: ComparisonSliderProps) {
  const [value, setValue] = useState(START);
  const [isDragging, setDragging] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const press = useRef<{ pointerId: number; startX: number; moved: boolean } | null>(null);

  const valueAt = (clientX: number) => {
    const rect = box.current?.getBoundingClientRect();
    return rect && rect.width > 0 ? clamp(((clientX - rect.left) / rect.width) * 100) : value;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    press.current = { pointerId: event.pointerId, startX: event.clientX, moved: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = press.current;
    if (!current || current.pointerId !== event.pointerId) return;
    if (!current.moved) {
      if (Math.abs(event.clientX - current.startX) < DRAG_THRESHOLD) return;
      current.moved = true;
      setDragging(true);
      // Keep the drag when the finger leaves the photo; vertical moves still scroll (touch-action).
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    setValue(valueAt(event.clientX));
  };
  const endPress = (event: PointerEvent<HTMLDivElement>, isTap: boolean) => {
    const current = press.current;
    if (!current || current.pointerId !== event.pointerId) return;
    if (isTap && !current.moved) setValue(valueAt(event.clientX));
    press.current = null;
    setDragging(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = KEY_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    setValue((current) => clamp(move(current)));
  };

  const photoClass = 'pointer-events-none absolute inset-0 size-full object-contain';
  const badgeClass = 'pointer-events-none absolute top-2 rounded-full px-2.5 py-1 text-xs font-bold tracking-wide text-white';
  // The box's own size (PHOTO_BOX, 4:3) keeps the layout still while the photos arrive.
  const size = { width: PHOTO_BOX.width, height: PHOTO_BOX.height };
  // The browser picks the thumbnail or the stored JPEG for the pixels the box covers on this
  // screen, so the first look is sharp at once and nothing is drawn from fewer pixels than it covers.
  const image = (photo: SharedPhoto) => ({ src: photo.thumbnailUrl, srcSet: sharedPhotoSrcSet(photo), sizes: SHARED_PHOTO_SIZES });
  const loading = isFirst ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const };
  // A tap glides the line there (unless the reader asked for less motion); a drag follows the finger.
  const glide = isDragging ? '' : 'motion-safe:transition-[clip-path,left] motion-safe:duration-200';

  return (
    <div
      ref={box}
      className="relative aspect-[4/3] cursor-ew-resize touch-pan-y overflow-hidden rounded-xl bg-slate-900 select-none"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => endPress(event, true)}
      onPointerCancel={(event) => endPress(event, false)}
    >
      {/* The after photo underneath; the before photo over it, cut at the line, each with its label. */}
      <img {...image(after)} alt={TEXT.fullPhotoTitle('after', number)} className={photoClass} {...size} draggable={false} decoding="async" {...loading} />
      <span aria-hidden="true" className={cn(badgeClass, 'right-2 bg-brand-700/90')}>
        {TEXT.after.toUpperCase()}
      </span>
      <div className={cn('pointer-events-none absolute inset-0', glide)} style={{ clipPath: `inset(0 ${100 - value}% 0 0)` }} data-testid="before-layer">
        <img {...image(before)} alt={TEXT.fullPhotoTitle('before', number)} className={photoClass} {...size} draggable={false} decoding="async" {...loading} />
        <span aria-hidden="true" className={cn(badgeClass, 'left-2 bg-slate-950/70')}>
          {TEXT.before.toUpperCase()}
        </span>
      </div>
      <div
        aria-hidden="true"
        className={cn('pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_4px_rgb(0_0_0/0.6)]', glide)}
        style={{ left: `${value}%` }}
      />
      <div
        role="slider"
        tabIndex={0}
        aria-label={TEXT.sliderLabel(number)}
        aria-orientation="horizontal"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={TEXT.sliderValueText(value)}
        onKeyDown={onKeyDown}
        className={cn(
          'absolute top-1/2 flex size-11 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white text-slate-900 shadow-lg ring-1 ring-slate-900/10 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
          glide,
        )}
        // At either end the handle stays whole inside the photo (the line goes to the edge).
        style={{ left: `clamp(1.75rem, ${value}%, calc(100% - 1.75rem))` }}
      >
        <ChevronsLeftRight className="size-5" aria-hidden="true" />
      </div>
    </div>
  );
}
