import type { Photo } from '../../shared/contract/projects.js';
import type { PhotoRow } from '../db/schema.js';

export const photoImageUrl = (photoId: number) => `/api/photos/${photoId}/image`;
export const photoThumbnailUrl = (photoId: number) => `/api/photos/${photoId}/thumbnail`;

/** A photo as the API shows it; imageData (spec §3's data URL) only when asked for. */
export function toPhotoResponse(row: PhotoRow, imageData?: string): Photo {
  return {
    id: row.id,
    projectId: row.projectId,
    type: row.type,
    imageUrl: photoImageUrl(row.id),
    thumbnailUrl: photoThumbnailUrl(row.id),
    width: row.width,
    height: row.height,
    createdAt: row.createdAt.toISOString(),
    ...(imageData === undefined ? {} : { imageData }),
  };
}
