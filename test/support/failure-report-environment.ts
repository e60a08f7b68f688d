import { TestEnvironment } from 'jest-environment-node';
import type { Circus } from '@jest/types';

/** What a spec registers to be told, with the test's full name, that one of its tests just failed. */
export type FailureHook = (testName: string) => Promise<void> | void;
export const FAILURE_HOOKS = '__rxbridgeFailureHooks';

/**
 * The node environment, plus a report at the moment a test fails: while the browser pages are
 * still open, so a screenshot and the console show what the page looked like, not just the timeout.
 */
export default class FailureReportEnvironment extends TestEnvironment {
  async handleTestEvent(event: Circus.AsyncEvent | Circus.SyncEvent) {
    if (event.name !== 'test_fn_failure') return;
    const hooks = (this.global as Record<string, unknown>)[FAILURE_HOOKS] as Set<FailureHook> | undefined;
    const name = fullName(event.test);
    for (const hook of hooks ?? []) await Promise.resolve(hook(name)).catch(() => undefined);
  }
}

function fullName(test: Circus.TestEntry): string {
  const parts: string[] = [test.name];
  for (let block = test.parent; block && block.name !== 'ROOT_DESCRIBE_BLOCK'; block = block.parent!) {
    parts.unshift(block.name);
  }
  return parts.join(' ');
}
