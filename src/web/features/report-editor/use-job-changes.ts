// How a change to a job's state (skip an area, finish, reopen) leaves this phone: straight to the
// server when nothing waits, or kept in the outbox, in order behind what was made before it, with
// no signal, while earlier work waits, or for a report the server has not seen yet. Shared by the
// areas' card (a lazy chunk) and a blank report's finished card, so it lives outside areas/.
import { useState } from 'react';
import type { SkipReason } from '@shared/contract/projects';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth';
import { refreshProject } from '../../lib/refresh-project';
import { notifyFailure } from '../../lib/api-errors';
import { outbox, shouldQueue } from '../../lib/outbox/app-outbox';

/** An entry as a card makes it: the outbox adds who made it. */
export type JobChange =
  | { kind: 'skip-area'; projectId: number; areaId: number; skip: { reason: SkipReason; note?: string } | null; areaKey?: string }
  | { kind: 'finish'; projectId: number }
  | { kind: 'reopen'; projectId: number };

export interface JobChanges {
  /** A call to the server is under way (its button is disabled meanwhile). */
  busy: boolean;
  setBusy: (busy: boolean) => void;
  /** Kept in the outbox: sent in order once it can be (a report made offline first, its photos next). */
  keep: (change: JobChange) => void;
  /** Whether a change must be kept rather than sent now. */
  mustQueue: () => boolean;
  /** Straight to the server when nothing waits; a lost signal on the way keeps it in the outbox instead. */
  send: (call: () => Promise<unknown>, change: JobChange, failure: string) => Promise<void>;
  /** Reopen the job; photos refused while it was finished waited for this and go at once. */
  reopen: (failure: string) => Promise<void>;
}

export function useJobChanges(projectId: number): JobChanges {
  const userId = useCurrentUser().data?.id ?? null;
  const [busy, setBusy] = useState(false);

  const keep = (change: JobChange) => {
    if (userId !== null) void outbox.enqueue({ ...change, userId });
  };
  const mustQueue = () => shouldQueue() || projectId < 0;

  const send = async (call: () => Promise<unknown>, change: JobChange, failure: string) => {
    if (mustQueue()) return keep(change);
    setBusy(true);
    try {
      await call();
    } catch (error) {
      if (error instanceof ApiError) notifyFailure(error, failure);
      else keep(change);
    } finally {
      await refreshProject(projectId);
      setBusy(false);
    }
  };

  const reopen = async (failure: string) => {
    await send(() => api.reopenProject({ params: { id: projectId } }), { kind: 'reopen', projectId }, failure);
    outbox.retryNow();
  };

  return { busy, setBusy, keep, mustQueue, send, reopen };
}
