// Starts e2e/own-server.ts as a child process for one Playwright worker.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

export interface OwnServer {
  url: string;
  /** Moves the server's clock forward (trials and paid periods end). */
  advanceClock(ms: number): Promise<void>;
  /** Takes the business name off this account (one made before business names were required). */
  clearBusinessName(email: string): Promise<void>;
  /** Stripe mode: the customer confirms the trial's setup intent and Stripe's webhook arrives. */
  confirmSetupIntent(subscriptionId: string): Promise<void>;
  stop(): void;
}

export async function startOwnServer(mode: 'stripe' | 'sandbox'): Promise<OwnServer> {
  // One process, with tsx as a loader: `npx tsx` would run the server in a child process that
  // stop()'s signal never reaches, leaving a server (and its ~0.5 GB) behind after every run.
  const child: ChildProcessByStdio<Writable, Readable, null> = spawn(process.execPath, ['--import', 'tsx', 'e2e/own-server.ts', mode], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const waiters: Array<() => void> = [];
  child.stdout.on('data', (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    for (const wake of waiters.splice(0)) wake();
  });
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        for (const [index, line] of lines.entries()) {
          const match = pattern.exec(line);
          if (match) {
            lines.splice(0, index + 1);
            return resolve(match);
          }
        }
        waiters.push(check);
      };
      child.once('exit', (code) => reject(new Error(`billing server exited with ${code}`)));
      check();
    });
  const [, port] = await waitFor(/^listening (\d+)$/);
  return {
    url: `http://127.0.0.1:${port}`,
    async advanceClock(ms) {
      child.stdin.write(`advance ${ms}\n`);
      await waitFor(/^clock /);
    },
    async clearBusinessName(email) {
      child.stdin.write(`clear-business-name ${email}\n`);
      const [answer] = await waitFor(/^(cleared|failed) /);
      if (answer.startsWith('failed')) throw new Error(`own server could not clear the business name: ${answer}`);
    },
    async confirmSetupIntent(subscriptionId) {
      child.stdin.write(`confirm-setup ${subscriptionId}\n`);
      const [answer] = await waitFor(/^(confirmed|failed) .*$/);
      if (answer !== 'confirmed 200') throw new Error(`own server could not confirm the setup intent: ${answer}`);
    },
    stop: () => child.kill('SIGTERM'),
  };
}
