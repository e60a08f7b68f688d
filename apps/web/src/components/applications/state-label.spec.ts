import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APPLICATION_STATES } from '@rxbridge/contracts';
import { nextStepFor, stateLabel } from '@rxbridge/domain';

// The screens say an application's state and next step from the records catalogue (state-label.ts);
// the API sends libs/domain's English ones. Both English texts stay one text.
const english: Record<string, string> = JSON.parse(
  readFileSync(join(__dirname, '../../locales/en/records.json'), 'utf8'),
);
/** INFO_REQUESTED -> infoRequested, the catalogue's key for a state. */
const keyOf = (state: string) => state.toLowerCase().replace(/_(\w)/g, (_, c: string) => c.toUpperCase());

describe.each(APPLICATION_STATES)('the application state %s', (state) => {
  it('reads in English on the screens as the API says it', () => {
    expect(english[`records.applicationState.${keyOf(state)}`]).toBe(stateLabel(state));
    expect(english[`records.applicationNextStep.${keyOf(state)}`]).toBe(nextStepFor(state));
  });
});
