import type { Photo } from '../../shared/contract/projects.js';
import type { CheckedPhotoRow } from './photo-checksums.js';
import { memberRef, type MemberNames } from '../project-access/member-names.js';

export const photoImageUrl = (photoId: number) => `/api/photos/${photoId}/image`;
export const photoThumbnailUrl = (photoId: number) => `/api/photos/${photoId}/thumbnail`;

/** A photo as the API shows it; imageData (spec §3's data URL) only when asked for. */
export function toPhotoResponse(row: CheckedPhotoRow, names: MemberNames, imageData?: string): Photo {
  return {
    id: row.id,
    projectId: row.projectId,
    type: row.type,
    imageUrl: photoImageUrl(row.id),
    thumbnailUrl: photoThumbnailUrl(row.id),
    width: row.width,
    height: row.height,
    createdAt: row.createdAt.toISOString(),
    capturedAt: row.capturedAt?.toISOString() ?? null,
    receivedAt: row.receivedAt.toISOString(),
    sha256: row.sha256,
    areaId: row.areaId,
    takenBy: memberRef(names, row.takenBy),
    ...(imageData === undefined ? {} : { imageData }),
  };
}
