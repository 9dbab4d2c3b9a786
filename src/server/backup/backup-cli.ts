// npm run backup -- --out FILE [--server-stopped]: the same configuration (environment, .env) as
// the server it backs up.
import 'dotenv/config';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { runBackup } from './backup.js';
import { BackupError } from './manifest.js';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' }, 'server-stopped': { type: 'boolean', default: false } } });
  if (!values.out) throw new BackupError('Usage: npm run backup -- --out FILE [--server-stopped]');
  const started = Date.now();
  const result = await runBackup({ config: loadConfig(), out: values.out, serverStopped: values['server-stopped'] });
  const megabytes = (result.bytes / 1024 / 1024).toFixed(1);
  console.log(`Backed up the database and ${result.files} files (${megabytes} MB) to ${values.out} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  if (result.missing.length > 0) console.error(`The photo store lacks ${result.missing.length} files the database points at: ${result.missing.join(', ')}`);
  if (result.mismatched.length > 0)
    console.error(`${result.mismatched.length} photos no longer match the SHA-256 recorded when they were stored: ${result.mismatched.join(', ')}`);
  if (result.missing.length > 0 || result.mismatched.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
