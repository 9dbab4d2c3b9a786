// Preloaded into a benchmark's server (through NODE_OPTIONS, which refuses --cpu-prof): profiles
// the main thread from the moment it gets SIGUSR2 (so start-up stays out) and writes a .cpuprofile
// into $CPU_PROFILE_DIR as the process exits (open it in Chrome DevTools' Performance panel, or summarise it with bench/cpu-profile-top.mjs).
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

if (isMainThread && process.env.CPU_PROFILE_DIR) {
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  process.on('SIGUSR2', () => session.post('Profiler.start'));
  process.once('exit', () => {
    // An in-process session answers synchronously, so this runs to the end before the process exits.
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      fs.writeFileSync(path.join(process.env.CPU_PROFILE_DIR, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
