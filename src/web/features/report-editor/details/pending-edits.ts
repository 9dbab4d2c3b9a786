// Client name and description edits are kept on the device until the server has them (issue 13):
// made offline, they survive a closed tab and are sent in the order made once the connection is
// back. A newer edit of the same field replaces a kept one: the last edit wins, as online.
// Each edit belongs to the user who made it; only that user's session sends it.
import { classifyUploadFailure, confirmDrop, type SignedInUserId } from '../upload/upload-policy';

export type DetailsField = 'clientName' | 'description';

export interface PendingEdit {
  userId: number;
  projectId: number;
  field: DetailsField;
  value: string;
  /** When it was made: edits are sent in this order. */
  madeAt: number;
}

/** What became of an edit sent to the server. */
export type EditOutcome = 'saved' | 'kept' | 'refused';

export interface EditStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const KEY = 'cleanproof-pending-edits-v1';

export class PendingEdits {
  private sending: Promise<void> | null = null;

  constructor(
    private readonly storage: EditStorage | null,
    private readonly send: (edit: PendingEdit) => Promise<void>,
    private readonly onOutcome: (edit: PendingEdit, outcome: EditOutcome, error?: unknown) => void,
    /** Asked before an edit is dropped on a 4xx: was it the owner's session that was refused? */
    private readonly signedInUserId?: SignedInUserId,
  ) {}

  list(): PendingEdit[] {
    try {
      const parsed = JSON.parse(this.storage?.getItem(KEY) ?? '[]') as unknown;
      return Array.isArray(parsed) ? (parsed as PendingEdit[]) : [];
    } catch {
      return [];
    }
  }

  /** The kept value of a field of a report, if an edit of it has not reached the server yet. */
  keptValue(userId: number, projectId: number, field: DetailsField): string | undefined {
    return this.list().find((edit) => edit.userId === userId && edit.projectId === projectId && edit.field === field)?.value;
  }

  /** Keeps the edit (replacing an older one of the same field), then sends what is kept. */
  keep(edit: PendingEdit): Promise<void> {
    this.write([...this.list().filter((kept) => !sameField(kept, edit)), edit]);
    return this.sendAll(edit.userId);
  }

  /** Sends the user's kept edits one at a time, oldest first; stops at the first that must wait. */
  sendAll(userId: number): Promise<void> {
    // One run at a time; a run asked for meanwhile starts once this one ends (it sees newer edits).
    const previous = this.sending ?? Promise.resolve();
    const run = previous.then(() => this.sendOnce(userId));
    this.sending = run.finally(() => {
      if (this.sending === run) this.sending = null;
    });
    return run;
  }

  private async sendOnce(userId: number): Promise<void> {
    for (;;) {
      const next = this.list()
        .filter((edit) => edit.userId === userId)
        .sort((a, b) => a.madeAt - b.madeAt)[0];
      if (!next) return;
      try {
        await this.send(next);
      } catch (error) {
        let action = classifyUploadFailure(error);
        if (action === 'drop') action = await confirmDrop(next.userId, this.signedInUserId);
        if (action !== 'drop') {
          this.onOutcome(next, 'kept', error);
          return; // no signal, a server failure, a sign-in or an upgrade: tried again later, in order
        }
        if (!this.forget(next)) this.onOutcome(next, 'refused', error);
        continue;
      }
      if (!this.forget(next)) this.onOutcome(next, 'saved');
    }
  }

  /**
   * Forgets the edit sent. Says whether a newer edit of the same field was made while it
   * travelled: that edit is kept, is sent next and reports its own outcome, so this one's says
   * nothing about the field now (shown as saved, its refetch would put the older value back).
   */
  private forget(sent: PendingEdit): boolean {
    const kept = this.list();
    this.write(kept.filter((edit) => !(sameField(edit, sent) && edit.madeAt === sent.madeAt && edit.value === sent.value)));
    return kept.some((edit) => sameField(edit, sent) && edit.madeAt > sent.madeAt);
  }

  private write(edits: PendingEdit[]): void {
    try {
      this.storage?.setItem(KEY, JSON.stringify(edits));
    } catch {
      // storage full or unavailable: the edit is still sent now, only not kept across a reload
    }
  }
}

function sameField(a: PendingEdit, b: PendingEdit): boolean {
  return a.userId === b.userId && a.projectId === b.projectId && a.field === b.field;
}
