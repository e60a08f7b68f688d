// Makers' copay (savings) cards, one file per card; reviewed like the programs (docs/product.md §15).
import type { CopayCardProgram } from '../../types';
import { abbvieHumiraCompleteSavingsCard } from './abbvie-humira-complete-savings-card';
import { amgenSupportPlusCopayCard } from './amgen-supportplus-copay-card';

export const COPAY_CARD_CATALOGUE: readonly CopayCardProgram[] = [
  abbvieHumiraCompleteSavingsCard,
  amgenSupportPlusCopayCard,
];
