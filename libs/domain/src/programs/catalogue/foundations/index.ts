// Independent charitable foundations and their disease funds, one file per foundation (docs/product.md §15).
import type { FoundationProgram } from '../../types';

export const FOUNDATION_CATALOGUE: readonly FoundationProgram[] = [];
