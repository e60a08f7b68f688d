// The sentences of the eligibility reasons (docs/product.md §15, §19, §20), one phrasebook per language: the rules pick
// the words, the phrasebook says them. Values (states, amounts, dates, program, drug and fund names) go in as they are;
// RxBridge's own notes on a catalogue entry (a program's income limit note, residency rule and insurance conditions, a
// copay card's terms) go in already in the patient's language (noteIn, program-notes.ts), where only the words quoted
// from a sponsor's page, between quotation marks, stay in English.
import type { DrugCoverage, Language } from '@rxbridge/contracts';
import { COVERAGE_WORDS } from './coverage';
import { REASONS_ES } from './reasons-es';

export const REASONS_EN = {
  coverage: COVERAGE_WORDS as Record<DrugCoverage, string>,
  inUs: (state: string, rule: string) => `${state} is in the United States (program rule: ${rule})`,
  territoryUnknown: (state: string, rule: string) =>
    `The program does not say whether residents of ${state} can apply (program rule: ${rule})`,
  territoryAccepted: (state: string) => `This program accepts residents of ${state}.`,
  territoryNotListed: (state: string, rule: string) =>
    `This program does not list ${state} among the places it serves (program rule: ${rule})`,
  territoryCheck: (state: string) => `Check whether residents of ${state} can apply to this program.`,
  outsideRequired: (state: string) =>
    `"${state}" is not a U.S. state, DC or territory, and this program requires U.S. residency.`,
  outsideUnknown: (state: string) =>
    `"${state}" is not a U.S. state, DC or territory; the program's residency rule is not known.`,
  outsideUs: 'Income cannot be compared with a poverty guideline outside the U.S.',
  people: (count: number) => `${count} ${count === 1 ? 'person' : 'people'}`,
  share: (percent: string, year: number) => `Household income is ${percent}% of the ${year} poverty guideline`,
  shareFor: (share: string, people: string, state: string) => `${share} for ${people} in ${state}`,
  noLimit: (share: string, note: string) =>
    `${share}; this program publishes no income limit we could verify (${note})`,
  dollarsNotFor: (people: string, note: string) =>
    `This program publishes its income limit in dollars, but not for ${people} (${note})`,
  dollarsNotInState: (state: string, note: string) =>
    `This program's income limits in dollars are not for ${state}: the program gives that state's limit by phone, ` +
    `and a navigator should call for it (${note})`,
  dollarShare: (people: string) => `This program's limit for ${people} is published in dollars`,
  limitPercent: (share: string, percent: string, max: string) =>
    `${share}; this program's limit is ${percent} (${max} a year)`,
  limitDollars: (share: string, max: string) => `${share}: ${max} a year`,
  within: (lead: string) => `${lead}, so income is within it.`,
  above: (lead: string, income: string) => `${lead}, and ${income} is above it.`,
  peopleWith: (what: string) => `people with ${what}`,
  uninsured: 'people without insurance',
  noDrugCoverage: 'people without drug coverage',
  medicarePartD: 'people with Medicare Part D',
  medicaid: 'people with Medicaid',
  employerInsurance: 'employer insurance',
  marketplaceInsurance: 'marketplace insurance',
  commercialInsurance: 'commercial insurance',
  healthShare: 'A health share program is not insurance; a navigator should check how this program treats it.',
  noRuleForKind: 'The program publishes no rule for this kind of coverage; a navigator should check it.',
  medicareWithoutDrugs: (reason: string) => `Medicare without a drug plan counts as no drug coverage. ${reason}`,
  noRuleFor: (who: string) => `The program publishes no rule for ${who}; a navigator should check it.`,
  ruleUnknown: (who: string, condition: string) => `The program's rule for ${who} is not known.${condition}`,
  notAccepted: (who: string, condition: string) => `This program does not accept ${who}.${condition}`,
  onCondition: (who: string, condition: string) =>
    `This program accepts ${who} only on a condition to check:${condition}`,
  accepted: (who: string) => `This program accepts ${who}.`,
  payAsLittleAs: (amount: string) => `pay as little as ${amount} a fill`,
  upTo: (amount: string) => `up to ${amount} a year`,
  cardTerms: (terms: string) => `Card terms: ${terms}`,
  copayFederal: (who: string) =>
    `A maker's copay card cannot be used with ${who}: the federal anti-kickback rule forbids it with Medicare, ` +
    'Medicaid, VA/TRICARE and the Indian Health Service.',
  copayFor: (who: string) => `This card is for people with ${who}.`,
  copayTermsEnded: (day: string) =>
    `The card's terms we could read ended on ${day}, and we found no newer ones: check with the maker that it still runs.`,
  copayNotFor: (who: string) =>
    `This card lowers what an employer or marketplace plan leaves to pay; it is not for people with ${who}.`,
  fundOpen: (day: string) => `The fund was open when last seen on ${day}.`,
  fundWaitlist: (day: string) => `The fund had a waiting list when last seen on ${day}; join it and check again.`,
  fundClosed: (day: string) => `The fund was closed when last seen on ${day}.`,
  fundWithoutCoverage:
    "Funds like this pay the share a drug plan leaves; without drug coverage, check the fund's rules.",
  fundDiagnosis: (fund: string) => `This fund is for ${fund}: check that this is the diagnosis your medication treats.`,
  fundNotFor: (who: string) => `This fund is not for people with ${who}: its page limits it to Medicare patients.`,
  fundsNotFor: (funds: readonly string[], who: string) =>
    funds.length === 1
      ? `Its fund ${funds[0]} is not for people with ${who}: the fund's page limits it to Medicare patients.`
      : `Its funds ${funds.join(', ')} are not for people with ${who}: their pages limit them to Medicare patients.`,
  thisFund: 'this fund',
  extraHelp: 'Extra Help',
  routeNoLimit: (share: string, what: string) => `${share}; ${what} publishes no income limit we could verify.`,
  routeLimit: (share: string, what: string, limit: number, max: string) =>
    `${share}; ${what}'s limit is ${limit}% (${max} a year)`,
  extraHelpTerritory:
    "Extra Help is not offered in the U.S. territories; ask your territory's Medicaid office instead.",
  extraHelpResources: 'Social Security also checks savings and other resources before it decides.',
  paidOutOfPocket: (amount: string) =>
    `You have paid ${amount} out of pocket this year; the plan spreads what is left.`,
  paymentPlan: (who: string) =>
    `Anyone with ${who} can spread this year's out-of-pocket drug costs into ` +
    'monthly bills; it does not lower them. Ask your plan to join.',
  severalPrograms: (programs: string) =>
    `Several programs cover this medication: ${programs}. Your care navigator picks the one to apply to.`,
  noFacts: 'Add your household size and yearly income to see whether you likely qualify.',
  notListed: (entry: string, medication: string) => `${entry} does not list ${medication}; check that it covers it.`,
};

export type Reasons = typeof REASONS_EN;

/** The phrasebook of a language; English when none is given. */
export function reasonsIn(language: Language = 'en'): Reasons {
  return language === 'es' ? REASONS_ES : REASONS_EN;
}
