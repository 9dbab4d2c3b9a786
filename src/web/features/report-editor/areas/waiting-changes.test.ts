import { describe, expect, it } from 'vitest';
import type { Photo, Project, ProjectArea } from '@shared/contract/projects';
import type { OutboxEntry } from '../../../lib/outbox/outbox-entries';
import { areaProgress } from './area-gate';
import { reportOnDevice } from './waiting-changes';

const area = (id: number, name: string, minBefore = 1, minAfter = 1): ProjectArea => ({
  id,
  key: name.toLowerCase(),
  name,
  minBefore,
  minAfter,
  skipped: null,
});
const photo = (id: number, type: 'before' | 'after', areaId: number) => ({ id, type, areaId }) as Photo;

const report = (more: Partial<Project> = {}): Project =>
  ({
    id: 9,
    status: 'open',
    finishedAt: null,
    areas: [area(1, 'Kitchen', 2, 2), area(2, 'Bedroom 1')],
    photos: [photo(100, 'before', 1)],
    photoPairs: [],
    ...more,
  }) as Project;

let clock = 0;
const base = { userId: 7, failedAttempts: 0 };
const entry = (more: Record<string, unknown>) => ({ ...base, id: `e${++clock}`, createdAt: Date.UTC(2026, 10, 25, 9, 0, clock), ...more }) as OutboxEntry;
const waitingShot = (type: 'before' | 'after', areaId: number, projectId = 9) =>
  entry({ kind: 'photo', projectId, type, source: 'camera', bytes: new ArrayBuffer(1), mimeType: 'image/jpeg', areaId });

describe('the gate on the device', () => {
  it('counts the photos still waiting to be sent in their areas, against each minimum', () => {
    const onDevice = reportOnDevice(report(), [waitingShot('before', 1), waitingShot('after', 1), waitingShot('before', 2), waitingShot('before', 1, 10)]);
    expect(areaProgress(onDevice.project, onDevice.waitingPhotos).map(({ area, before, after, missing }) => [area.name, before, after, missing])).toEqual([
      ['Kitchen', 2, 1, true],
      ['Bedroom 1', 1, 0, true],
    ]);
  });

  it('shows an area skipped (or unskipped) on the device as it will be once sent, the last change winning', () => {
    const skipped = report({ areas: [area(1, 'Kitchen'), { ...area(2, 'Bedroom 1'), skipped: { reason: 'occupied', note: null } }] });
    const onDevice = reportOnDevice(skipped, [
      entry({ kind: 'skip-area', projectId: 9, areaId: 1, skip: { reason: 'no_access', note: 'Locked' } }),
      entry({ kind: 'skip-area', projectId: 9, areaId: 2, skip: null }),
    ]);
    expect(onDevice.project.areas.map((item) => item.skipped)).toEqual([{ reason: 'no_access', note: 'Locked' }, null]);
    expect([...onDevice.waitingAreaIds]).toEqual([1, 2]);
    expect(areaProgress(onDevice.project).map((item) => item.missing)).toEqual([false, true]);
  });

  it('shows a job finished on the device as finished until the server answers, and a reopen after it as open', () => {
    const finished = reportOnDevice(report(), [waitingShot('after', 2), entry({ kind: 'finish', projectId: 9 })]);
    expect(finished.project.status).toBe('finished');
    expect(finished.finishWaiting).toBe(true);
    const reopened = reportOnDevice(report({ status: 'finished', finishedAt: '2026-11-25T09:00:00.000Z' }), [entry({ kind: 'reopen', projectId: 9 })]);
    expect(reopened.project).toMatchObject({ status: 'open', finishedAt: null });
    expect(reopened.finishWaiting).toBe(false);
    expect(reportOnDevice(report(), []).project).toEqual(report());
  });
});
