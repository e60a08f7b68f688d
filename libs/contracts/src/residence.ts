// Where a patient may live (docs/product.md §14 Fixed lists). Its own file, not enums.ts: the web app's entry
// bundles enums.ts whole, and these are only needed by forms loaded later.
import { US_STATES } from './enums';

/** U.S. territories besides the 50 states and DC (the same list as libs/domain's US_TERRITORIES). */
export const US_TERRITORY_CODES = ['PR', 'VI', 'GU', 'AS', 'MP'] as const;
export type UsTerritoryCode = (typeof US_TERRITORY_CODES)[number];
/** Where a patient may live (docs/product.md §14): the 50 states, DC and the territories; programs decide the rest. */
export const RESIDENCE_STATES = [...US_STATES, 'DC', ...US_TERRITORY_CODES] as const;
export type ResidenceState = (typeof RESIDENCE_STATES)[number];
