// The sentences of the pricing breakdown and the cost quote (docs/product.md §3 Plans and pricing, §20
// Languages), one phrasebook per language: the pricing rule picks the numbers, the phrasebook says them.
// Amounts come in already formatted; plan names stay as they are in every language.
import type { BillingInterval, Language } from '@rxbridge/contracts';

/**
 * "$49/mo", "$109.00 one-time": a price in English, as the plan cards show it too. Apart from the
 * phrasebooks, so that the web's plan cards carry no sentence of the breakdown (docs/architecture.md §1,
 * What loads first).
 */
export const priceInEnglish = (amount: string, interval: BillingInterval) =>
  interval === 'month' ? `${amount}/mo` : interval === 'one_time' ? `${amount} one-time` : amount;

const PRICING_EN = {
  price: priceInEnglish,
  prescriptions: (count: number) => `${count} prescription${count === 1 ? '' : 's'}`,
  diyBundle: (prescriptions: string | null) =>
    prescriptions === null ? 'DIY Toolkit: free' : `DIY Toolkit for ${prescriptions}: free`,
  noneYet: (price: string) => `No prescriptions added yet: ${price}`,
  bundle: (covered: number, price: string) =>
    `${covered === 1 ? 'First prescription' : `First ${covered} prescriptions`}: ${price}`,
  noAdditionalFees: 'No fees for additional prescriptions',
  noAdditional: 'No additional prescriptions',
  additional: (count: number, fee: string, amount: string) =>
    `${count} additional prescription${count === 1 ? '' : 's'} × ${fee} = ${amount}`,
  diyFree: 'The DIY Toolkit is free for every prescription',
  secondWaived: (saved: string) => `Second prescription fee waived (save ${saved})`,
  addSecond: (saved: string) => `Add a second prescription at no extra cost (save ${saved})`,
  nothingToday: 'Nothing due today: you pay only after approval, when your first shipment is scheduled',
  total: (price: string) => `Total: ${price}`,
};

export type PricingWords = typeof PRICING_EN;

// Terms from docs/spanish-glossary.md (receta, usted); "al mes" and "una sola vez" as the dashboard writes a price.
const PRICING_ES: PricingWords = {
  price: (amount, interval) =>
    interval === 'month' ? `${amount} al mes` : interval === 'one_time' ? `${amount} una sola vez` : amount,
  prescriptions: (count) => `${count} receta${count === 1 ? '' : 's'}`,
  diyBundle: (prescriptions) =>
    prescriptions === null ? 'DIY Toolkit: gratis' : `DIY Toolkit para ${prescriptions}: gratis`,
  noneYet: (price) => `Aún no ha agregado recetas: ${price}`,
  bundle: (covered, price) => `${covered === 1 ? 'Primera receta' : `Primeras ${covered} recetas`}: ${price}`,
  noAdditionalFees: 'Sin cargos por recetas adicionales',
  noAdditional: 'Sin recetas adicionales',
  additional: (count, fee, amount) =>
    `${count} ${count === 1 ? 'receta adicional' : 'recetas adicionales'} × ${fee} = ${amount}`,
  diyFree: 'El DIY Toolkit es gratis para todas las recetas',
  secondWaived: (saved) => `Sin cargo por la segunda receta (ahorra ${saved})`,
  addSecond: (saved) => `Agregue una segunda receta sin costo adicional (ahorra ${saved})`,
  nothingToday: 'Hoy no paga nada: paga solo después de la aprobación, cuando se programe su primer envío',
  total: (price) => `Total: ${price}`,
};

export const PRICING_WORDS: Readonly<Record<Language, PricingWords>> = { en: PRICING_EN, es: PRICING_ES };
