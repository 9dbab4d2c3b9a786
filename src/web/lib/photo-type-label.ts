// How a photo's type reads on screen: "BEFORE"/"ANTES" on badges and in button names,
// "Before"/"Antes" in the selector.
import type { PhotoType } from '@shared/contract/projects';
import { t } from './i18n/i18n';

export function photoTypeBadge(type: PhotoType): string {
  return type === 'before' ? t('photoType.before.badge') : t('photoType.after.badge');
}

export function photoTypeName(type: PhotoType): string {
  return type === 'before' ? t('photoType.before') : t('photoType.after');
}
