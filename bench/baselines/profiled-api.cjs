// Runs the built API under the V8 CPU profiler (BENCH_CPU_PROF=dir, bench/processes.ts). The
// profile is written when the bench asks over IPC: Nest's shutdown hooks end the process by
// re-raising SIGTERM, which --cpu-prof would not survive.
const inspector = require('node:inspector');
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

// A folder that does not exist yet is made, rather than leaving the bench waiting for a profile.
mkdirSync(process.env.BENCH_CPU_PROF, { recursive: true });
const session = new inspector.Session();
session.connect();
session.post('Profiler.enable', () =>
  session.post('Profiler.setSamplingInterval', { interval: 500 }, () =>
    session.post('Profiler.start', () => require(process.env.BENCH_API_MAIN)),
  ),
);
process.on('message', (m) => {
  if (!m || m.type !== 'profile') return;
  session.post('Profiler.stop', (err, { profile }) => {
    const file = join(process.env.BENCH_CPU_PROF, `${m.name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    session.post('Profiler.start', () => process.send({ type: 'profiled', file }));
  });
});
