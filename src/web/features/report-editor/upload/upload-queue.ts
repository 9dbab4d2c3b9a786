// Uploads photos one at a time in the order they were taken; a failure that may pass (offline,
// a 5xx) keeps the photo in the store and retries it with backoff and when the browser comes back
// online. A 401 or 402 keeps it until the user signs in or upgrades; only another 4xx drops it,
// and only when the session refused is still the photo owner's.
// Each photo belongs to the user who took it: only the signed-in owner's photos are sent, so a
// shared phone never uploads one person's photos into another's account.
import type { PhotoType } from '@shared/contract/projects';
import { classifyUploadFailure, confirmDrop, retryDelayMs, type SignedInUserId, type WaitReason } from './upload-policy';
import type { PendingUpload, PendingUploadStore, PhotoSource } from './pending-upload-store';

export interface NewUpload {
  /** Who took it: the signed-in user of the screen, known before the queue's runner has started. */
  userId: number;
  projectId: number;
  type: PhotoType;
  source: PhotoSource;
  blob: Blob;
  /** When it was taken (ISO 8601), when known. */
  capturedAt?: string;
}

export type UploadEvent =
  | { kind: 'uploaded'; upload: PendingUpload }
  | { kind: 'waiting'; upload: PendingUpload; reason: 'connection' | 'server'; error: unknown }
  | { kind: 'unauthorized'; upload: PendingUpload; error: unknown }
  | { kind: 'payment-required'; upload: PendingUpload; error: unknown }
  | { kind: 'failed'; upload: PendingUpload; error: unknown };

export interface QueuedUploadView {
  id: string;
  projectId: number;
  type: PhotoType;
  bytes: ArrayBuffer;
  mimeType: string;
  /** 'uploading' while a request is in flight; 'waiting' after a failure, until the next try. */
  status: 'uploading' | 'waiting' | 'queued';
  /** What a waiting photo waits for: the connection, a new sign-in, or an upgrade. */
  waitingFor: WaitReason | null;
  /** While uploading: the share of its bytes sent, 0 to 1 (null until the first progress report). */
  progress: number | null;
  capturedAt: string | null;
}

export interface SendProgress {
  /** The share of the photo's bytes sent so far, 0 to 1. */
  onProgress: (fraction: number) => void;
}

export interface UploadQueueOptions {
  send: (upload: PendingUpload, progress: SendProgress) => Promise<void>;
  /** Asked before a photo is dropped on a 4xx: was it the owner's session that was refused? */
  signedInUserId?: SignedInUserId;
  /** Called once, when the first photo is kept (the app asks the browser to keep its storage). */
  onFirstKept?: () => void;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  newId?: () => string;
  now?: () => number;
}

export class UploadQueue {
  private items: PendingUpload[] = [];
  private view: QueuedUploadView[] = [];
  private inFlightId: string | null = null;
  private inFlightProgress: number | null = null;
  private keptOne = false;
  private readonly waiting = new Map<string, WaitReason>();
  /** Photos this tab has sent or dropped (ids are UUIDs: a small set per session). */
  private readonly forgotten = new Set<string>();
  private owner: number | null = null;
  private running = false;
  private retryTimer: unknown = null;
  private loaded: Promise<void> | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<(event: UploadEvent) => void>();
  private readonly setTimer: NonNullable<UploadQueueOptions['setTimer']>;
  private readonly clearTimer: NonNullable<UploadQueueOptions['clearTimer']>;
  private readonly newId: () => string;
  private readonly now: () => number;

  constructor(
    private readonly store: PendingUploadStore,
    private readonly options: UploadQueueOptions,
  ) {
    this.setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
    this.clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
    this.newId = options.newId ?? (() => crypto.randomUUID());
    this.now = options.now ?? (() => Date.now());
  }

  /** Loads what an earlier visit left behind and starts uploading it. Safe to call repeatedly. */
  start(): Promise<void> {
    this.loaded ??= this.store.list().then((stored) => {
      // Photos kept or already sent by this tab while the store was being read are not taken twice.
      const known = new Set([...this.items.map((item) => item.id), ...this.forgotten]);
      this.items = [...stored.filter((item) => !known.has(item.id)), ...this.items].sort((a, b) => a.createdAt - b.createdAt);
      this.publish();
      void this.run();
    });
    return this.loaded;
  }

  /**
   * Whose photos to show and send: the signed-in user's, or nobody's after sign-out. Others'
   * photos stay kept on the device until their owner signs in here again.
   */
  setOwner(userId: number | null): void {
    if (this.owner === userId) return;
    this.owner = userId;
    this.publish();
    void this.run();
  }

  /**
   * Keeps the photo first (so a crash cannot lose it), then uploads it. A photo taken before the
   * runner has set the owner (the first seconds after the app opens) is kept all the same, and
   * sent once it has.
   */
  async enqueue(input: NewUpload): Promise<PendingUpload> {
    const upload: PendingUpload = {
      id: this.newId(),
      userId: input.userId,
      projectId: input.projectId,
      type: input.type,
      source: input.source,
      bytes: await input.blob.arrayBuffer(),
      mimeType: input.blob.type || 'image/jpeg',
      ...(input.capturedAt ? { capturedAt: input.capturedAt } : {}),
      createdAt: Math.max(this.now(), (this.items.at(-1)?.createdAt ?? 0) + 1),
      failedAttempts: 0,
    };
    await this.store.put(upload);
    if (!this.keptOne) {
      this.keptOne = true;
      this.options.onFirstKept?.();
    }
    this.items.push(upload);
    this.publish();
    void this.run();
    return upload;
  }

  /** Try everything now (the browser came back online, or the user asked). */
  retryNow(): void {
    if (this.retryTimer !== null) this.clearTimer(this.retryTimer);
    this.retryTimer = null;
    void this.run();
  }

  getSnapshot = (): QueuedUploadView[] => this.view;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  onEvent(listener: (event: UploadEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    if (this.retryTimer !== null) this.clearTimer(this.retryTimer);
    this.retryTimer = null;
    try {
      for (let upload = this.nextToSend(); upload; upload = this.nextToSend()) {
        this.inFlightId = upload.id;
        this.inFlightProgress = null;
        this.publish();
        const inFlight = upload.id;
        const onProgress = (fraction: number) => {
          if (this.inFlightId !== inFlight) return;
          this.inFlightProgress = Math.min(1, Math.max(0, fraction));
          this.publish();
        };
        try {
          await this.options.send(upload, { onProgress });
        } catch (error) {
          this.inFlightId = null;
          let action = classifyUploadFailure(error);
          if (action === 'drop') action = await confirmDrop(upload.userId, this.options.signedInUserId);
          if (action === 'drop') {
            await this.forget(upload);
            this.emit({ kind: 'failed', upload, error });
            continue;
          }
          const kept: PendingUpload = { ...upload, failedAttempts: upload.failedAttempts + 1 };
          this.items = this.items.map((item) => (item.id === kept.id ? kept : item));
          this.waiting.set(kept.id, action);
          await this.store.put(kept).catch(() => undefined);
          this.publish();
          if (action === 'sign-in') {
            this.emit({ kind: 'unauthorized', upload: kept, error });
          } else if (action === 'upgrade') {
            this.emit({ kind: 'payment-required', upload: kept, error });
          } else {
            this.emit({ kind: 'waiting', upload: kept, reason: action, error });
            this.retryTimer = this.setTimer(() => this.retryNow(), retryDelayMs(kept.failedAttempts));
          }
          return; // later photos wait behind this one, so the taken order holds
        }
        this.inFlightId = null;
        await this.forget(upload);
        this.emit({ kind: 'uploaded', upload });
      }
    } finally {
      this.running = false;
      this.inFlightId = null;
      this.publish();
    }
  }

  /** The owner's oldest photo: the order taken is the order sent (and the order auto-pair follows). */
  private nextToSend(): PendingUpload | undefined {
    return this.owner === null ? undefined : this.items.find((item) => item.userId === this.owner);
  }

  private async forget(upload: PendingUpload): Promise<void> {
    this.items = this.items.filter((item) => item.id !== upload.id);
    this.forgotten.add(upload.id);
    this.waiting.delete(upload.id);
    await this.store.remove(upload.id).catch(() => undefined);
    this.publish();
  }

  private publish(): void {
    this.view = this.items
      .filter((item) => item.userId === this.owner)
      .map((item) => {
        const waitingFor = item.id === this.inFlightId ? null : (this.waiting.get(item.id) ?? null);
        return {
          id: item.id,
          projectId: item.projectId,
          type: item.type,
          bytes: item.bytes,
          mimeType: item.mimeType,
          status: item.id === this.inFlightId ? 'uploading' : waitingFor ? 'waiting' : 'queued',
          waitingFor,
          progress: item.id === this.inFlightId ? this.inFlightProgress : null,
          capturedAt: item.capturedAt ?? null,
        };
      });
    for (const listener of this.listeners) listener();
  }

  private emit(event: UploadEvent): void {
    for (const listener of this.eventListeners) listener(event);
  }
}
