import { PRODUCT_NAME } from '@shared/rules';

/** The logo and name; `hiddenSuffix` is read after the name where it is a link (", reports home"). */
export function BrandMark({ hiddenSuffix }: { hiddenSuffix?: string }) {
  return (
    <span className="inline-flex items-center gap-2 text-lg font-bold text-slate-900">
      <img src="/icon.svg" alt="" width={32} height={32} className="size-8" />
      {PRODUCT_NAME}
      {hiddenSuffix && <span className="sr-only">{hiddenSuffix}</span>}
    </span>
  );
}
