// A small whole-number field (rooms, photos) whose typing is kept within 0..max: a field a thumb can
// hit, with the number keypad on phones.
import { cn } from './cn';

export function CountField({
  label,
  shortLabel,
  value,
  max,
  onChange,
  className,
}: {
  label: string;
  /** Shown instead of `label` where space is short (the label is still what it is called). */
  shortLabel?: string;
  value: number;
  max: number;
  onChange: (count: number) => void;
  className?: string;
}) {
  return (
    <label className="block text-sm font-medium">
      {shortLabel ? (
        <>
          <span aria-hidden="true">{shortLabel}</span>
          <span className="sr-only">{label}</span>
        </>
      ) : (
        label
      )}
      <input
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        value={value}
        onChange={(event) => onChange(Math.min(max, Math.max(0, Math.trunc(Number(event.target.value) || 0))))}
        className={cn('mt-1 block min-h-11 w-24 rounded-lg border border-slate-300 px-2', className)}
      />
    </label>
  );
}
