import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

// The layer rules of eslint.config.mjs, run on small sources placed (virtually) in each package:
// every forbidden arrow is reported and every allowed one passes. ESLint loads its ES-module config
// in a child process (jest's module sandbox cannot), once for all the cases below.
const LINT_CASES = `
const { ESLint } = require('eslint');
const cases = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
const eslint = new ESLint({ cwd: process.cwd() });
Promise.all(cases.map(async ([filePath, source]) => {
  const [result] = await eslint.lintText(source, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
})).then((errors) => process.stdout.write(JSON.stringify(errors)));
`;

function lintAll(cases: [string, string][]): string[][] {
  const out = execFileSync(process.execPath, ['-e', LINT_CASES], {
    cwd: join(__dirname, '../..'),
    input: JSON.stringify(cases),
  });
  return JSON.parse(out.toString());
}

const refused: [string, string, string][] = [
  ['apps/worker/src/jobs.ts', "import { createApiServer } from '@rxbridge/api';", 'never another app'],
  ['apps/api/src/jobs.ts', "import { createWorker } from '@rxbridge/worker';", 'never another app'],
  ['apps/web/src/app/x.ts', "import { createApiServer } from '@rxbridge/api';", 'never another app'],
  ['libs/billing/src/x.ts', "import { createApiServer } from '@rxbridge/api';", 'libs never import an app'],
  ['libs/platform/src/x.ts', "import { startStripeLocal } from '@rxbridge/stripe-local';", 'or a tool'],
  ['tools/local-stack/src/x.ts', "import { createApiServer } from '@rxbridge/api';", 'tools use libs'],
  ['test/records/x.e2e-spec.ts', "import { createWorker } from '@rxbridge/worker';", 'test/support/stack.ts'],
  ['test/records/x.e2e-spec.ts', "import { x } from '../../apps/api/src/records/x';", 'never from its src/'],
  ['apps/worker/src/x.ts', "import { x } from '@rxbridge/platform/src/settings';", 'not a file inside it'],
  ['apps/api/src/x.ts', "import { x } from '../../../libs/domain/src/pricing';", 'never from its src/'],
  [
    'apps/web/src/features/navigator/x.tsx',
    "import { x } from '@/features/dashboard/api/keys';",
    'never import each other',
  ],
  [
    'apps/web/src/features/navigator/routes/x.tsx',
    "import { x } from '../../dashboard/api/keys';",
    'leaves the feature',
  ],
  ['apps/web/src/features/landing/x.tsx', "import { x } from '../auth/auth-dialogs';", 'leaves the feature'],
  ['apps/web/src/features/landing/x.tsx', "import { Link } from 'wouter';", 'from @/lib/router'],
  ['apps/web/src/app/x.tsx', "import { useLocation } from 'wouter';", 'from @/lib/router'],
];
const allowed: [string, string][] = [
  ['apps/worker/src/x.ts', "import { loadSettings } from '@rxbridge/platform';"],
  ['apps/api/src/x.ts', "import { changeApplicationState } from '@rxbridge/applications';"],
  ['test/support/stack.ts', "import { createApiServer } from '@rxbridge/api';"],
  ['test/records/x.e2e-spec.ts', "import { startStack } from '../support/stack';"],
  ['apps/web/src/features/navigator/routes/x.tsx', "import { x } from '../components/patient-header';"],
  ['apps/web/src/features/navigator/routes/x.tsx', "import { x } from '@/features/navigator/api/keys';"],
  ['apps/web/src/features/navigator/x.tsx', "import { Button } from '@/components/ui/button';"],
  ['apps/web/src/app/router.tsx', "import { NavigatorApp } from '@/features/navigator/navigator-app';"],
  ['apps/web/src/lib/router.tsx', "import { Link } from 'wouter';"],
  ['apps/web/src/features/landing/x.tsx', "import { Link } from '@/lib/router';"],
];

describe('layers run one way (npm run lint)', () => {
  let errors: string[][];
  beforeAll(() => {
    errors = lintAll([...refused.map(([file, source]) => [file, source] as [string, string]), ...allowed]);
  });

  it.each(refused.map((c, i) => [...c, i] as const))('%s: %s is refused', (_file, _source, reason, i) => {
    expect(errors[i]).toHaveLength(1);
    expect(errors[i][0]).toContain(reason);
  });

  it.each(allowed.map((c, i) => [...c, refused.length + i] as const))('%s: %s is allowed', (_f, _s, i) => {
    expect(errors[i]).toEqual([]);
  });
});
