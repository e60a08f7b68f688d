// Benchmarks print figures; they assert nothing about speed (machines are noisy). `npm run bench`.
const base = require('../jest.config');

module.exports = {
  ...base,
  rootDir: require('node:path').join(__dirname, '..'),
  testMatch: ['<rootDir>/bench/**/*.bench.ts'],
  // A whole run takes longer than any one test should: the mixed load alone, three runs of three
  // steps of 60 s, took 11 minutes on a 2-core machine, and `npm run bench` runs every group.
  testTimeout: 3 * 60 * 60 * 1000,
};
