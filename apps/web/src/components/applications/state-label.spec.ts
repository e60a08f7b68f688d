import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APPLICATION_STATES, APPLICATION_WORDS_ES } from '@rxbridge/contracts';
import { nextStepFor, stateLabel } from '@rxbridge/domain';

// The screens say an application's state and next step from the records catalogue (state-label.ts);
// the API sends libs/domain's English ones, and names states in its Spanish messages from
// libs/contracts' APPLICATION_WORDS_ES. Each state keeps one name per language.
const catalogue = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(join(__dirname, `../../locales/${language}/records.json`), 'utf8'));
const english = catalogue('en');
const spanish = catalogue('es');
/** INFO_REQUESTED -> infoRequested, the catalogue's key for a state. */
const keyOf = (state: string) => state.toLowerCase().replace(/_(\w)/g, (_, c: string) => c.toUpperCase());

describe.each(APPLICATION_STATES)('the application state %s', (state) => {
  it('reads in English on the screens as the API says it', () => {
    expect(english[`records.applicationState.${keyOf(state)}`]).toBe(stateLabel(state));
    expect(english[`records.applicationNextStep.${keyOf(state)}`]).toBe(nextStepFor(state));
  });
  it('reads in Spanish on the screens as the API’s Spanish messages name it', () => {
    expect(spanish[`records.applicationState.${keyOf(state)}`]).toBe(APPLICATION_WORDS_ES[stateLabel(state)]);
  });
});
