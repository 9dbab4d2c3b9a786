// The photo store the server uses: deletions wait (become orphans for the sweep) while a backup
// copies files, so every file the backup's snapshot points at is still there to copy.
import type { PhotoStore } from '../storage/photo-store.js';
import type { BackupGate } from './backup-gate.js';

export function holdDeletionsDuringBackups(store: PhotoStore, gate: BackupGate): PhotoStore {
  return {
    put: (key, bytes, contentType) => store.put(key, bytes, contentType),
    get: (key, options) => store.get(key, options),
    list: (prefix, options) => store.list(prefix, options),
    checkReachable: () => store.checkReachable(),
    async delete(key) {
      if (await gate.isBackupRunning()) return;
      await store.delete(key);
    },
  };
}
