// Client links and shared reports as the API shows them. Every URL a shared report hands out is
// under /api/shared/{token}/, so revoking or expiring the link ends all of them at once.
import type { ShareLink, SharedPhoto, SharedReport } from '../../shared/contract/share-links.js';
import { thumbnailWidth } from '../../shared/images.js';
import type { PhotoRow, ProjectRow, ShareLinkRow, UserRow } from '../db/schema.js';
import type { PairWithPhotos } from '../photos/photo-pairs.service.js';
import type { MemberNames } from '../project-access/member-names.js';

/** The page the client opens: APP_URL + /r/{token}. */
export const sharedPageUrl = (appUrl: string, token: string) => `${appUrl}/r/${token}`;

export const sharedReportUrls = (token: string) => {
  const base = `/api/shared/${token}`;
  return {
    report: base,
    pdf: `${base}/report.pdf`,
    logo: `${base}/logo`,
    image: (photoId: number) => `${base}/photos/${photoId}/image`,
    thumbnail: (photoId: number) => `${base}/photos/${photoId}/thumbnail`,
    preview: `${base}/preview.jpg`,
  };
};

export function toShareLinkResponse(row: ShareLinkRow, appUrl: string): ShareLink {
  return {
    id: row.id,
    token: row.token,
    url: sharedPageUrl(appUrl, row.token),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export function toSharedPhoto(token: string, photo: PhotoRow, names: MemberNames = new Map()): SharedPhoto {
  const urls = sharedReportUrls(token);
  return {
    imageUrl: urls.image(photo.id),
    thumbnailUrl: urls.thumbnail(photo.id),
    width: photo.width,
    height: photo.height,
    thumbnailWidth: thumbnailWidth(photo),
    capturedAt: photo.capturedAt?.toISOString() ?? null,
    takenBy: photo.takenBy === null ? null : (names.get(photo.takenBy) ?? null),
  };
}

/** What the client sees: never the owner's email, never an unpaired photo. */
export type SharedAnswers = Pick<SharedReport, 'approval' | 'issues' | 'windowEndsAt'>;

export function toSharedReport(
  token: string,
  project: ProjectRow,
  owner: UserRow,
  pairs: readonly PairWithPhotos[],
  answers: SharedAnswers,
  areas: SharedReport['areas'] = [],
  /** Who took the photos: empty for a business of one (project-access/member-names.ts, loadCrewNames). */
  names: MemberNames = new Map(),
): SharedReport {
  const urls = sharedReportUrls(token);
  return {
    businessName: owner.businessName?.trim() ?? '',
    businessLogoUrl: owner.businessLogoKey ? urls.logo : null,
    clientName: project.clientName,
    description: project.description,
    createdAt: project.createdAt.toISOString(),
    pairs: pairs.map((pair) => ({
      id: pair.id,
      before: toSharedPhoto(token, pair.before, names),
      after: toSharedPhoto(token, pair.after, names),
      areaId: pair.before.areaId,
    })),
    areas,
    pdfUrl: urls.pdf,
    ...answers,
    // Every client sees it, whatever their rating (review sites forbid asking only happy ones).
    reviewUrl: owner.reviewUrl,
  };
}
