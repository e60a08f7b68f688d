// One jest run for every tier: unit specs beside the code (*.spec.ts), API end-to-end specs
// (test/**/*.e2e-spec.ts) and browser specs (test/browser/*.browser-spec.ts).
// Sources are compiled by swc with decorator metadata, so tests never need a build of the libs.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  rootDir: __dirname,
  // Node's environment, plus a screenshot and the console of any open browser page when a test fails.
  testEnvironment: '<rootDir>/test/support/failure-report-environment.ts',
  transform: {
    '^.+\\.tsx?$': swc,
    '^.+/node_modules/(file-type|strtok3|token-types|@tokenizer|@borewit|uint8array-extras)/.+\\.js$': swc,
  },
  // file-type and its tokenizers ship only ES modules: compiled to CommonJS like our own sources.
  transformIgnorePatterns: ['/node_modules/(?!(file-type|strtok3|token-types|@tokenizer|@borewit|uint8array-extras)/)'],
  moduleNameMapper: {
    '^@rxbridge/(contracts|domain|database|events|platform|accounts|records|applications|billing|documents)$':
      '<rootDir>/libs/$1/src',
    '^@rxbridge/mail-catcher$': '<rootDir>/tools/mail-catcher/src',
    '^@rxbridge/stripe-local$': '<rootDir>/tools/stripe-local/src',
    '^@rxbridge/(api|worker)$': '<rootDir>/apps/$1/src',
    '^file-type$': '<rootDir>/node_modules/file-type/index.js',
  },
  testMatch: ['<rootDir>/{libs,apps,tools}/*/src/**/*.spec.ts', '<rootDir>/test/**/*.{e2e,browser}-spec.ts'],
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/', '<rootDir>/.data/'],
  testTimeout: 60000,
  setupFiles: ['reflect-metadata'],
};
