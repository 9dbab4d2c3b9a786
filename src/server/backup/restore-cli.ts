// npm run restore -- FILE: into the DATA_DIR or DATABASE_URL and photo store the environment
// (or .env) names, which must be empty.
import 'dotenv/config';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { runRestore } from './restore.js';
import { BackupError } from './manifest.js';

async function main(): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new BackupError('Usage: npm run restore -- FILE');
  const result = await runRestore({ config: loadConfig(), file });
  if (result.mismatched.length > 0) {
    console.error(
      `Restored the database and ${result.files} files, but ${result.mismatched.length} files in the archive failed their SHA-256 check and were not written: ${result.mismatched.join(', ')}`,
    );
    process.exitCode = 1;
    return;
  }
  console.log(`Restored the database and ${result.files} files from ${file}; every SHA-256 matched.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
