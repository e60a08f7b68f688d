// Makers' copay (savings) cards, one file per card; reviewed like the programs (docs/product.md §15).
import type { CopayCardProgram } from '../../types';
import { abbvieHumiraCompleteSavingsCard } from './abbvie-humira-complete-savings-card';
import { amgenSupportPlusCopayCard } from './amgen-supportplus-copay-card';
import { gileadAdvancingAccessCopaySavingsProgram } from './gilead-advancing-access-copay-savings-program';
import { incyteCaresJakafiCopayProgram } from './incytecares-jakafi-copay-program';
import { jjStelaraSavingsProgram } from './jj-stelara-savings-program';
import { jjXareltoSavingsProgram } from './jj-xarelto-savings-program';
import { lillyInsulinValueProgram } from './lilly-insulin-value-program';
import { lillyTrulicitySavingsCard } from './lilly-trulicity-savings-card';
import { novartisCosentyxCopayProgram } from './novartis-cosentyx-copay-program';
import { novartisOncologyUniversalCopayProgram } from './novartis-oncology-universal-copay-program';
import { novoNordiskOzempicSavingsCard } from './novo-nordisk-ozempic-savings-card';

export const COPAY_CARD_CATALOGUE: readonly CopayCardProgram[] = [
  abbvieHumiraCompleteSavingsCard,
  amgenSupportPlusCopayCard,
  gileadAdvancingAccessCopaySavingsProgram,
  incyteCaresJakafiCopayProgram,
  jjStelaraSavingsProgram,
  jjXareltoSavingsProgram,
  lillyInsulinValueProgram,
  lillyTrulicitySavingsCard,
  novartisCosentyxCopayProgram,
  novartisOncologyUniversalCopayProgram,
  novoNordiskOzempicSavingsCard,
];
