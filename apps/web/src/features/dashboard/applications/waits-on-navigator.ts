import type { ApplicationView } from '@rxbridge/contracts';
import { waitsForNavigator } from '@rxbridge/domain';

/** The first check found no fit: the navigator goes over the options before anything is asked (docs/product.md §17). */
export const waitsOnNavigator = (a: ApplicationView) => waitsForNavigator(a.state, a.eligibility?.verdict ?? null);
