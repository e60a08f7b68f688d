import { z } from 'zod';
import { APPLICATION_STATES } from './enums';
import { MAX_PAGE, noSearchInAddress, pagingNumber, searchWords } from './fields';

// The staff's lists' queries: a GET pages and filters, a POST to .../search carries the words searched, which are
// health data and never go in an address (docs/architecture.md §13).

export const ADMIN_PAGE_SIZE = 20;
export const MAX_ADMIN_PAGE_SIZE = 100;

/** POST /admin/patients/search {search, page, limit}: search on name or email. */
export const adminPatientsSearchSchema = z.object({
  search: searchWords,
  page: pagingNumber('page', MAX_PAGE).default(1),
  limit: pagingNumber('limit', MAX_ADMIN_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
});
export type AdminPatientsQuery = z.output<typeof adminPatientsSearchSchema>;
/** GET /admin/patients?page&limit: every patient; words are searched by the POST above. */
export const adminPatientsQuerySchema = adminPatientsSearchSchema.extend({
  search: noSearchInAddress('/admin/patients/search'),
});

const stateFilter = z
  .union([
    z.literal('').transform(() => undefined),
    z.enum(APPLICATION_STATES, { error: 'state must be one of the application states' }),
  ])
  .optional();

/**
 * POST /admin/applications/search {state, search, page, limit}: oldest first; search on patient name, email or
 * medication.
 */
export const adminApplicationsSearchSchema = adminPatientsSearchSchema.extend({ state: stateFilter });
export type AdminApplicationsQuery = z.output<typeof adminApplicationsSearchSchema>;
/** GET /admin/applications?state&page&limit: the same without words. */
export const adminApplicationsQuerySchema = adminApplicationsSearchSchema.extend({
  search: noSearchInAddress('/admin/applications/search'),
});

/** GET /admin/support-messages?page&limit: the messages awaiting a reply, oldest first (docs/product.md §21). */
export const adminSupportMessagesQuerySchema = adminPatientsSearchSchema.omit({ search: true });
export type AdminSupportMessagesQuery = z.output<typeof adminSupportMessagesQuerySchema>;
