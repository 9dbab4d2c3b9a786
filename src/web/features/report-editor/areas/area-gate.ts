// The finish gate as the device shows it (the server checks it again when the job is finished):
// each area's before and after photos against its minimums, counting the photos still waiting on
// this device to be sent (taken with no signal, or uploading now): they are the cleaner's work.
import type { PhotoType, Project, ProjectArea } from '@shared/contract/projects';

export interface AreaProgress {
  area: ProjectArea;
  before: number;
  after: number;
  /** Neither skipped nor at both minimums yet. */
  missing: boolean;
}

/** A photo kept on the device, not on the server yet, and the area it was taken in. */
export interface WaitingPhoto {
  type: PhotoType;
  areaId: number | null;
}

export function areaProgress(project: Pick<Project, 'areas' | 'photos'>, waiting: readonly WaitingPhoto[] = []): AreaProgress[] {
  const all: readonly WaitingPhoto[] = [...project.photos, ...waiting];
  return project.areas.map((area) => {
    const inArea = all.filter((photo) => photo.areaId === area.id);
    const before = inArea.filter((photo) => photo.type === 'before').length;
    const after = inArea.filter((photo) => photo.type === 'after').length;
    return { area, before, after, missing: area.skipped === null && (before < area.minBefore || after < area.minAfter) };
  });
}
