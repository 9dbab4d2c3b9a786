import { PRODUCT_NAME } from '@shared/rules';

export function BrandMark() {
  return (
    <span className="inline-flex items-center gap-2 text-lg font-bold text-slate-900">
      <img src="/icon.svg" alt="" width={32} height={32} className="size-8" />
      {PRODUCT_NAME}
    </span>
  );
}
