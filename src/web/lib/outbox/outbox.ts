// The phone's one outbox: every change the server must still receive (photos, details edits,
// photo deletes, pairs, Auto Pair All, new reports) is an entry kept on the device first, then
// sent one at a time in the order made, under one rule (outbox-policy.ts): a failure that may pass
// (no signal, a 5xx) keeps the entry and retries it with backoff and when the browser comes back
// online; a 401 or 402 keeps it until the user signs in or has access again; only another 4xx drops
// it, and only when the session refused is still the entry's owner's. An entry that must wait holds
// the ones behind it, so the order made holds (the order auto-pair follows, a report before its
// photos).
// Each entry belongs to the user who made it: only the signed-in owner's entries are sent, so a
// shared phone never sends one person's work into another's account.
// An entry may refer to another one still waiting (REFERENCE_FIELDS): when that one is sent, the
// server's id it got replaces the local id in every waiting entry, on disk too.
import type { PhotoType } from '@shared/contract/projects';
import { classifyFailure, confirmDrop, retryDelayMs, type SignedInUserId, type WaitReason } from './outbox-policy';
import {
  coalesceKeyOf,
  localRefsOf,
  resolveReferences,
  unresolvedReference,
  type LocalRef,
  type NewEntry,
  type OutboxEntry,
  type PhotoRef,
  type PhotoSource,
} from './outbox-entries';
import type { OutboxStore } from './outbox-store';

export interface NewPhoto {
  /** Who took it: the signed-in user of the screen, known before the outbox's runner has started. */
  userId: number;
  projectId: number;
  type: PhotoType;
  source: PhotoSource;
  blob: Blob;
  /** When it was taken (ISO 8601), when known. */
  capturedAt?: string;
  /** Shoot-to-pair: the before this after is paired with as the server stores it (its id, or its local key while it waits too). */
  pairWith?: PhotoRef;
  /** The report area it was taken in (a report made from a template). */
  areaId?: number;
}

/** What happened to an entry; `superseded`: a newer entry with the same coalesce key was made while it travelled. */
export type OutboxEvent =
  | { kind: 'sent'; entry: OutboxEntry; serverId: number | null; pairsCreated: number | null; superseded: boolean }
  | { kind: 'waiting'; entry: OutboxEntry; reason: 'connection' | 'server' | 'reopen'; error: unknown }
  | { kind: 'unauthorized'; entry: OutboxEntry; error: unknown }
  | { kind: 'payment-required'; entry: OutboxEntry; error: unknown }
  /** Kept behind an entry that waits (for `reason`): it goes once that one has. */
  | { kind: 'held'; entry: OutboxEntry; reason: WaitReason }
  | { kind: 'failed'; entry: OutboxEntry; error: unknown };

export interface OutboxItemView {
  entry: OutboxEntry;
  /** 'sending' while a request is in flight; 'waiting' after a failure, until the next try. */
  status: 'sending' | 'waiting' | 'queued';
  /** What a waiting entry waits for: the connection, a new sign-in, or access. */
  waitingFor: WaitReason | null;
  /** While sending: the share of its bytes sent, 0 to 1 (null until the first progress report). */
  progress: number | null;
}

export interface SendProgress {
  /** The share of the entry's bytes sent so far, 0 to 1. */
  onProgress: (fraction: number) => void;
}

/**
 * What the server answered: the id it gave the entry's photo or report (for entries that refer to
 * it), and for Auto Pair All how many pairs it made.
 */
export type SendResult = {
  serverId?: number;
  pairsCreated?: number;
  /** Other local ids the answer resolves, with their server ids: the areas of a report made on the device. */
  moreServerIds?: ReadonlyArray<readonly [LocalRef, number]>;
} | void;

/** An entry refers to one that was refused and dropped: it can never be sent. */
export class UnresolvedReferenceError extends Error {
  constructor(readonly ref: LocalRef) {
    super(`The entry refers to ${String(ref)}, which the server refused`);
  }
}

export interface OutboxOptions {
  /** Sends one entry, its references already resolved; throws what the API client throws. */
  send: (entry: OutboxEntry, progress: SendProgress) => Promise<SendResult>;
  /** Asked before an entry is dropped on a 4xx: was it the owner's session that was refused? */
  signedInUserId?: SignedInUserId;
  /** Called once, when the first entry is kept (the app asks the browser to keep its storage). */
  onFirstKept?: () => void;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  newId?: () => string;
  now?: () => number;
}

export class Outbox {
  private items: OutboxEntry[] = [];
  private view: OutboxItemView[] = [];
  private inFlightId: string | null = null;
  private inFlightProgress: number | null = null;
  private keptOne = false;
  private readonly waiting = new Map<string, WaitReason>();
  /** Reports finished on the server while work for them waited here: their entries wait for a reopen, the others go on. */
  private readonly parkedProjects = new Set<number>();
  /** Entries this tab has sent or dropped (ids are UUIDs: a small set per session). */
  private readonly forgotten = new Set<string>();
  /** Local ids whose entries were sent, and the server's id each got. */
  private readonly serverIds = new Map<LocalRef, number>();
  /** Afters shot over a before and sent (their server id, and the before): the server paired them. */
  private readonly sentAfters = new Map<number, PhotoRef>();
  private owner: number | null = null;
  private running = false;
  private retryTimer: unknown = null;
  private loaded: Promise<void> | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<(event: OutboxEvent) => void>();
  private readonly setTimer: NonNullable<OutboxOptions['setTimer']>;
  private readonly clearTimer: NonNullable<OutboxOptions['clearTimer']>;
  private readonly newId: () => string;
  private readonly now: () => number;

  constructor(
    private readonly store: OutboxStore,
    private readonly options: OutboxOptions,
  ) {
    this.setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
    this.clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
    this.newId = options.newId ?? (() => crypto.randomUUID());
    this.now = options.now ?? (() => Date.now());
  }

  /**
   * Loads what an earlier visit left behind and starts sending it. Safe to call repeatedly.
   * `adopt`: entries kept elsewhere by an earlier version of the app, added once to the store.
   */
  start(adopt: () => NewEntry[] = () => []): Promise<void> {
    this.loaded ??= this.store.list().then(async (stored) => {
      for (const input of adopt()) stored.push(await this.keep(input));
      // Entries kept or already sent by this tab while the store was being read are not taken twice.
      const known = new Set([...this.items.map((item) => item.id), ...this.forgotten]);
      this.items = [...stored.filter((item) => !known.has(item.id)), ...this.items].sort((a, b) => a.createdAt - b.createdAt);
      this.publish();
      void this.run();
    });
    return this.loaded;
  }

  /**
   * Whose entries to show and send: the signed-in user's, or nobody's after sign-out. Others'
   * entries stay kept on the device until their owner signs in here again.
   */
  setOwner(userId: number | null): void {
    if (this.owner === userId) return;
    this.owner = userId;
    this.publish();
    void this.run();
  }

  /**
   * Keeps the entry first (so a crash cannot lose it), then sends it. An entry made before the
   * runner has set the owner (the first seconds after the app opens) is kept all the same, and
   * sent once it has. A waiting entry with the same coalesce key (an older edit of the field) is
   * replaced.
   */
  async enqueue(input: NewEntry): Promise<OutboxEntry> {
    const entry = await this.keep(input);
    const key = coalesceKeyOf(entry);
    const replaced = key === null ? [] : this.items.filter((item) => item.id !== this.inFlightId && coalesceKeyOf(item) === key);
    for (const old of replaced) await this.forget(old);
    this.items.push(entry);
    this.publish();
    const heldBy = this.items.find((item) => item.userId === entry.userId && this.waiting.has(item.id));
    if (heldBy) this.emit({ kind: 'held', entry, reason: this.waiting.get(heldBy.id) ?? 'connection' });
    void this.run();
    return entry;
  }

  /** A photo from the camera or a file: its bytes are read once, here, and kept. */
  async enqueuePhoto(input: NewPhoto): Promise<OutboxEntry> {
    const { blob, ...rest } = input;
    return this.enqueue({ kind: 'photo', ...rest, bytes: await blob.arrayBuffer(), mimeType: blob.type || 'image/jpeg' });
  }

  /**
   * Forgets waiting entries the user took back (a report made offline and deleted before the
   * server had it). An entry in flight is not recalled: the server's answer decides it.
   */
  async discard(matches: (entry: OutboxEntry) => boolean): Promise<number> {
    const discarded = this.items.filter((item) => item.id !== this.inFlightId && matches(item));
    for (const entry of discarded) await this.forget(entry);
    return discarded.length;
  }

  /** Try everything now (the browser came back online, access is back, or the user asked). */
  retryNow(): void {
    // The job may have been reopened since: its work is tried again (a 409 parks it once more).
    this.parkedProjects.clear();
    this.retrySoon();
  }

  /** The backoff's own retry: a report finished on the server stays parked. */
  private retrySoon(): void {
    if (this.retryTimer !== null) this.clearTimer(this.retryTimer);
    this.retryTimer = null;
    void this.run();
  }

  /**
   * Afters this tab sent with the before they were shot over, by the after's server id: until the
   * report is read again, the screen learns of those pairs only from here.
   */
  sentAfterPairs(): ReadonlyMap<number, PhotoRef> {
    return this.sentAfters;
  }

  /** The server's id of a report or photo made on this device, once it has been sent. */
  serverIdOf(ref: LocalRef): number | undefined {
    return this.serverIds.get(ref);
  }

  /** The signed-in owner's entries, oldest first (a stable array between changes). */
  getSnapshot = (): OutboxItemView[] => this.view;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  onEvent(listener: (event: OutboxEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  private async keep(input: NewEntry): Promise<OutboxEntry> {
    const entry = {
      ...input,
      id: input.id ?? this.newId(),
      createdAt: Math.max(this.now(), (this.items.at(-1)?.createdAt ?? 0) + 1),
      failedAttempts: 0,
    } as OutboxEntry;
    await this.store.put(entry);
    if (!this.keptOne) {
      this.keptOne = true;
      this.options.onFirstKept?.();
    }
    return entry;
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    if (this.retryTimer !== null) this.clearTimer(this.retryTimer);
    this.retryTimer = null;
    try {
      for (let next = this.nextToSend(); next; next = this.nextToSend()) {
        const entry = resolveReferences(next, (ref) => this.serverIds.get(ref));
        const unresolved = unresolvedReference(entry);
        if (unresolved !== null && !this.items.some((item) => localRefsOf(item).includes(unresolved))) {
          // What it refers to was refused: it can never be sent.
          await this.forget(next);
          this.emit({ kind: 'failed', entry, error: new UnresolvedReferenceError(unresolved) });
          continue;
        }
        this.inFlightId = entry.id;
        this.inFlightProgress = null;
        this.publish();
        const onProgress = (fraction: number) => {
          if (this.inFlightId !== entry.id) return;
          this.inFlightProgress = Math.min(1, Math.max(0, fraction));
          this.publish();
        };
        let result: SendResult;
        try {
          result = await this.options.send(entry, { onProgress });
        } catch (error) {
          this.inFlightId = null;
          let action = classifyFailure(error);
          if (action === 'drop') action = await confirmDrop(entry.userId, this.options.signedInUserId);
          if (action === 'drop') {
            await this.forget(entry);
            this.emit({ kind: 'failed', entry, error });
            continue;
          }
          const kept: OutboxEntry = { ...entry, failedAttempts: entry.failedAttempts + 1 };
          this.items = this.items.map((item) => (item.id === kept.id ? kept : item));
          this.waiting.set(kept.id, action);
          await this.store.put(kept).catch(() => undefined);
          if (action === 'reopen' && 'projectId' in kept) {
            // Nothing of that report can go until it is reopened; every other report's work can.
            this.parkedProjects.add(kept.projectId);
            this.publish();
            this.emit({ kind: 'waiting', entry: kept, reason: action, error });
            continue;
          }
          this.publish();
          if (action === 'sign-in') {
            this.emit({ kind: 'unauthorized', entry: kept, error });
          } else if (action === 'upgrade') {
            this.emit({ kind: 'payment-required', entry: kept, error });
          } else {
            this.emit({ kind: 'waiting', entry: kept, reason: action, error });
            this.retryTimer = this.setTimer(() => this.retrySoon(), retryDelayMs(kept.failedAttempts));
          }
          return; // later entries wait behind this one, so the order made holds
        }
        this.inFlightId = null;
        const serverId = result?.serverId ?? null;
        const localRef = localRefsOf(entry)[0];
        const resolved: Array<readonly [LocalRef, number]> = [
          ...(serverId !== null && localRef !== undefined ? [[localRef, serverId] as const] : []),
          ...(result?.moreServerIds ?? []),
        ];
        if (resolved.length > 0) await this.resolve(resolved);
        const key = coalesceKeyOf(entry);
        const superseded = key !== null && this.items.some((item) => item.id !== entry.id && coalesceKeyOf(item) === key);
        if (entry.kind === 'photo' && entry.type === 'after' && entry.pairWith !== undefined && serverId !== null)
          this.sentAfters.set(serverId, entry.pairWith);
        // Reopened: the work it held back goes now, in the order made.
        if (entry.kind === 'reopen') this.parkedProjects.delete(entry.projectId);
        await this.forget(entry);
        this.emit({ kind: 'sent', entry, serverId, pairsCreated: result?.pairsCreated ?? null, superseded });
      }
    } finally {
      this.running = false;
      this.inFlightId = null;
      this.publish();
    }
  }

  /**
   * Writes the server's id into every waiting entry that refers to the local one, on disk before
   * the sent entry is forgotten: after a crash in between, the entry is sent again with its same
   * Idempotency-Key, answered with the same id, and this runs again.
   */
  private async resolve(resolved: ReadonlyArray<readonly [LocalRef, number]>): Promise<void> {
    for (const [localRef, serverId] of resolved) this.serverIds.set(localRef, serverId);
    const rewritten: OutboxEntry[] = [];
    this.items = this.items.map((item) => {
      const resolved = resolveReferences(item, (ref) => this.serverIds.get(ref));
      if (resolved !== item) rewritten.push(resolved);
      return resolved;
    });
    for (const item of rewritten) await this.store.put(item).catch(() => undefined);
    this.publish();
  }

  /**
   * The owner's oldest entry: the order made is the order sent. A report finished on the server
   * holds its work back, all but its reopen, which goes first: it is what they wait for.
   */
  private nextToSend(): OutboxEntry | undefined {
    return this.owner === null
      ? undefined
      : this.items.find((item) => item.userId === this.owner && !('projectId' in item && this.parkedProjects.has(item.projectId) && item.kind !== 'reopen'));
  }

  private async forget(entry: OutboxEntry): Promise<void> {
    this.items = this.items.filter((item) => item.id !== entry.id);
    this.forgotten.add(entry.id);
    this.waiting.delete(entry.id);
    await this.store.remove(entry.id).catch(() => undefined);
    this.publish();
  }

  private publish(): void {
    this.view = this.items
      .filter((item) => item.userId === this.owner)
      .map((entry) => {
        const sending = entry.id === this.inFlightId;
        const waitingFor = sending ? null : (this.waiting.get(entry.id) ?? null);
        return {
          entry,
          status: sending ? 'sending' : waitingFor ? 'waiting' : 'queued',
          waitingFor,
          progress: sending ? this.inFlightProgress : null,
        };
      });
    for (const listener of this.listeners) listener();
  }

  private emit(event: OutboxEvent): void {
    for (const listener of this.eventListeners) listener(event);
  }
}
