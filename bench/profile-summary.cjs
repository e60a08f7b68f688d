// Sums self time of a V8 .cpuprofile (BENCH_CPU_PROF, bench/processes.ts) by function and by
// package or file: `node bench/profile-summary.cjs /tmp/prof/http.cpuprofile [top=25]`.
const { readFileSync } = require('node:fs');

const [file, topArg] = process.argv.slice(2);
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}

const place = (url) => {
  if (!url) return '(native)';
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  return url.replace(/^file:\/\//, '').replace(/^.*?\/(apps|libs|bench|test)\//, '$1/');
};
const byFunction = new Map();
const byPlace = new Map();
let total = 0;
for (const [id, us] of self) {
  const { functionName, url, lineNumber } = byId.get(id).callFrame;
  const fn = `${functionName || '(anonymous)'} ${place(url)}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  byPlace.set(place(url), (byPlace.get(place(url)) ?? 0) + us);
  total += us;
}
const print = (title, map) => {
  process.stdout.write(`\n${title} (total ${(total / 1000).toFixed(0)} ms sampled)\n`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    process.stdout.write(
      `${(us / 1000).toFixed(0).padStart(8)} ms ${((us / total) * 100).toFixed(1).padStart(5)}%  ${name}\n`,
    );
  }
};
print('Self time by function', byFunction);
print('Self time by package or file', byPlace);

// A socket write's cost shows as the native call alone (writev...); charge it to the package or file
// that asked for it, the nearest caller outside Node's own streams: pg, fastify, ioredis, socket.io...
const parentOf = new Map();
for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
const SOCKET_WRITES = new Set(['writev', 'writeBuffer', 'writeString', 'writeUtf8String', 'writeLatin1String']);
const writesBy = new Map();
for (const [id, us] of self) {
  const { functionName, url } = byId.get(id).callFrame;
  if (url || !SOCKET_WRITES.has(functionName)) continue;
  let caller = parentOf.get(id);
  while (caller !== undefined && /^(\(native\)|node:)/.test(place(byId.get(caller).callFrame.url)))
    caller = parentOf.get(caller);
  const by = caller === undefined ? '(unknown)' : place(byId.get(caller).callFrame.url);
  writesBy.set(`${functionName} <- ${by}`, (writesBy.get(`${functionName} <- ${by}`) ?? 0) + us);
}
if (writesBy.size > 0) print('Socket writes by their caller', writesBy);
