// The finish gate as the device shows it (the server checks it again when the job is finished):
// each area's before and after photos against its minimums.
import type { Project, ProjectArea } from '@shared/contract/projects';

export interface AreaProgress {
  area: ProjectArea;
  before: number;
  after: number;
  /** Neither skipped nor at both minimums yet. */
  missing: boolean;
}

export function areaProgress(project: Pick<Project, 'areas' | 'photos'>): AreaProgress[] {
  return project.areas.map((area) => {
    const inArea = project.photos.filter((photo) => photo.areaId === area.id);
    const before = inArea.filter((photo) => photo.type === 'before').length;
    const after = inArea.filter((photo) => photo.type === 'after').length;
    return { area, before, after, missing: area.skipped === null && (before < area.minBefore || after < area.minAfter) };
  });
}
