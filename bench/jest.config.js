// Benchmarks print figures; they assert nothing about speed (machines are noisy). `npm run bench`.
const base = require('../jest.config');

module.exports = {
  ...base,
  rootDir: require('node:path').join(__dirname, '..'),
  testMatch: ['<rootDir>/bench/**/*.bench.ts'],
  testTimeout: 600000,
};
