// Summarises a .cpuprofile: the functions with the most self time, and the share of the whole.
//   node bench/cpu-profile-top.mjs FILE [N]
import fs from 'node:fs';

const [file, count = '30'] = process.argv.slice(2);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const selfTime = new Map();
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const deltas = profile.timeDeltas;
const totals = new Map();
profile.samples.forEach((id, index) => totals.set(id, (totals.get(id) ?? 0) + (deltas[index] ?? 0)));
let all = 0;
for (const [id, micros] of totals) {
  const { callFrame } = byId.get(id);
  const where = `${callFrame.functionName || '(anonymous)'} ${callFrame.url.split('/').slice(-2).join('/')}:${callFrame.lineNumber + 1}`;
  selfTime.set(where, (selfTime.get(where) ?? 0) + micros);
  all += micros;
}
console.log(`total ${(all / 1e6).toFixed(2)} s sampled`);
for (const [where, micros] of [...selfTime].sort((a, b) => b[1] - a[1]).slice(0, Number(count)))
  console.log(`${(micros / 1e3).toFixed(0).padStart(7)} ms ${((100 * micros) / all).toFixed(1).padStart(5)}%  ${where}`);
