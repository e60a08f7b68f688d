import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

// The layer rules of eslint.config.mjs, run on small sources placed (virtually) in each package:
// every forbidden arrow is reported and every allowed one passes. ESLint loads its ES-module config
// in a child process (jest's module sandbox cannot), once for all the cases below. A case without a
// source lints a real file: a cycle needs both of its files on disk (test/lint/fixtures, which
// `npm run lint` skips, hence ignore: false here).
const LINT_CASES = `
const { ESLint } = require('eslint');
const cases = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
const eslint = new ESLint({ cwd: process.cwd(), ignore: false });
const LAYER_RULES = ['no-restricted-imports', 'import-x/no-restricted-paths', 'import-x/no-cycle', 'no-restricted-syntax'];
Promise.all(cases.map(async ([filePath, source]) => {
  const [result] = source === null ? await eslint.lintFiles([filePath]) : await eslint.lintText(source, { filePath });
  return result.messages.filter((m) => LAYER_RULES.includes(m.ruleId)).map((m) => m.message);
})).then((errors) => process.stdout.write(JSON.stringify(errors)));
`;

/** [file, source]; a null source lints the file as it is on disk. */
type LintCase = [string, string | null];

function lintAll(cases: LintCase[]): string[][] {
  const out = execFileSync(process.execPath, ['-e', LINT_CASES], {
    cwd: join(__dirname, '../..'),
    input: JSON.stringify(cases),
  });
  return JSON.parse(out.toString());
}

const refused: [string, string | null, string][] = [
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
  // Shared code sits under the features: by alias or by relative path, the file it reaches decides.
  [
    'apps/web/src/components/x.tsx',
    "import { LandingPage } from '@/features/landing/landing-page';",
    'shared code (components/, lib/) never imports a feature',
  ],
  [
    'apps/web/src/lib/x.ts',
    "import { dashboardKeys } from '../features/dashboard/dashboard-keys';",
    'shared code (components/, lib/) never imports a feature',
  ],
  ['apps/web/src/components/ui/x.tsx', "import { AppRouter } from '@/app/router';", 'never imports the app'],
  ['test/lint/fixtures/cycle-a.ts', null, 'Dependency cycle detected'],
  // SQL lives in repositories: a service, a job handler or a use-case calls one, never the database.
  ['apps/worker/src/x.ts', 'export const f = (db: any) => db.manager.findOneBy(1, {});', 'SQL lives in repositories'],
  ['apps/api/src/x.ts', "export const f = (db: any) => db.query('SELECT 1');", 'SQL lives in repositories'],
  ['libs/billing/src/x.ts', "export const f = (manager: any) => manager.createQueryBuilder('x');", 'SQL lives in'],
  ['libs/events/src/x.ts', "export const S = prepared('s', 'SELECT 1');", 'SQL lives in repositories'],
];
const allowed: LintCase[] = [
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
  ['apps/web/src/components/x.tsx', "import { cn } from '@/lib/utils';"],
  ['apps/web/src/lib/x.ts', "import { Button } from '@/components/ui/button';"],
  [
    'apps/web/src/features/landing/x.tsx',
    "import { HouseholdIncomeFields } from '@/components/eligibility/household-income-fields';",
  ],
  ['test/lint/fixtures/one-way-a.ts', null],
  ['libs/billing/src/x.repository.ts', "export const f = (manager: any) => manager.query('SELECT 1');"],
  ['apps/api/src/x.ts', 'export const f = (db: any) => db.transaction((m: any) => save(m));'],
];

describe('layers run one way, and SQL lives in repositories (npm run lint)', () => {
  let errors: string[][];
  beforeAll(() => {
    errors = lintAll([...refused.map(([file, source]): LintCase => [file, source]), ...allowed]);
  });

  it.each(refused.map((c, i) => [...c, i] as const))('%s: %s is refused', (_file, _source, reason, i) => {
    expect(errors[i]).toHaveLength(1);
    expect(errors[i][0]).toContain(reason);
  });

  it.each(allowed.map((c, i) => [...c, refused.length + i] as const))('%s: %s is allowed', (_f, _s, i) => {
    expect(errors[i]).toEqual([]);
  });
});
