// The whole catalogue as everyone may see it (docs/product.md §19): every kind of entry, searched and listed by kind.
import type { CatalogueEntryView, CopayCardView, FoundationView } from '@rxbridge/contracts';
import { toProgramView } from './applications';
import { CATALOGUES, type RouteCatalogues } from './routes';
import type { CatalogueEntry, CatalogueKind, CopayCardProgram, FoundationProgram } from './types';

const sourceOf = (s: { url: string; checkedOn: string }) => ({ url: s.url, checkedOn: s.checkedOn });

export function toCopayCardView(card: CopayCardProgram): CopayCardView {
  return {
    kind: 'COPAY_CARD',
    id: card.id,
    name: card.name,
    sponsor: card.sponsor,
    medications: card.medications.map((m) => ({ brand: m.brand, generic: m.generic })),
    website: card.website,
    eligibleCoverage: [...card.eligibleCoverage],
    terms: card.terms,
    payAsLittleAsCents: card.payAsLittleAsCents,
    yearlyCapCents: card.yearlyCapCents,
    termsEndOn: card.termsEndOn,
    source: sourceOf(card.source),
  };
}

export function toFoundationView(foundation: FoundationProgram): FoundationView {
  return {
    kind: 'FOUNDATION',
    id: foundation.id,
    name: foundation.name,
    sponsor: foundation.sponsor,
    website: foundation.website,
    funds: foundation.funds.map((f) => ({
      id: f.id,
      name: f.name,
      areas: [...f.areas],
      medications: [...f.medications],
      incomeLimitFplPercent: f.incomeLimitFplPercent,
      status: f.status,
      statusSeenOn: f.statusSeenOn,
      source: sourceOf(f.source),
    })),
    source: sourceOf(foundation.source),
  };
}

/** One view per kind: a PAP keeps its program view (with manufacturer). */
export function toCatalogueView(entry: CatalogueEntry): CatalogueEntryView {
  if (entry.kind === 'COPAY_CARD') return toCopayCardView(entry);
  if (entry.kind === 'FOUNDATION') return toFoundationView(entry);
  return toProgramView(entry);
}

/** Every entry of every kind, PAPs first. */
export function catalogueEntries(catalogues: RouteCatalogues = CATALOGUES): CatalogueEntry[] {
  return [...catalogues.paps, ...catalogues.copayCards, ...catalogues.foundations];
}

export function findCatalogueEntry(id: string, catalogues: RouteCatalogues = CATALOGUES): CatalogueEntry | undefined {
  return catalogueEntries(catalogues).find((e) => e.id === id);
}

/** The words an entry is searched on: its name, sponsor, medications and, for a foundation, its funds. */
function searchText(entry: CatalogueEntry): string {
  const parts =
    entry.kind === 'FOUNDATION'
      ? [entry.name, entry.sponsor, ...entry.funds.flatMap((f) => [f.name, ...f.medications])]
      : [
          entry.name,
          entry.kind === 'PAP' ? entry.manufacturer : entry.sponsor,
          ...entry.medications.flatMap((m) => [m.brand, m.generic]),
        ];
  return parts.join(' ').toLowerCase();
}

/** Entries of one kind (or every kind) containing every word typed, case-insensitively. */
export function searchCatalogue(
  search: string | undefined,
  kind: CatalogueKind | undefined,
  catalogues: RouteCatalogues = CATALOGUES,
): CatalogueEntry[] {
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return catalogueEntries(catalogues).filter(
    (e) => (!kind || e.kind === kind) && words.every((w) => searchText(e).includes(w)),
  );
}
