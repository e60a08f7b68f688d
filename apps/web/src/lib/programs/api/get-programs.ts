import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CatalogueEntryView, ProgramsAnswer } from '@rxbridge/contracts';
import { programKeys } from './keys';

export const getPrograms = async (): Promise<CatalogueEntryView[]> =>
  (await api.get<ProgramsAnswer>('/programs')).data.programs;

// The catalogue is small reviewed data that changes with a release: fetched once, searched in the browser.
export const programsQueryOptions = () =>
  queryOptions({ queryKey: programKeys.all, queryFn: getPrograms, staleTime: Infinity, gcTime: Infinity });

export const usePrograms = () => useQuery(programsQueryOptions());
