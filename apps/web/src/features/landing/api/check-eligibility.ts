import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { EligibilityCheckAnswer, EligibilityCheckRequest } from '@rxbridge/contracts';

/**
 * POST /eligibility/check (public, rate limited per address): each program covering the medication
 * with its verdict and reasons. A POST, so the household's facts never travel in an address; the
 * answer's message explains an empty result (no program covers the medication).
 */
export const checkEligibility = (request: EligibilityCheckRequest) =>
  api.post<EligibilityCheckAnswer>('/eligibility/check', request);

export const useCheckEligibility = () => useMutation({ mutationFn: checkEligibility });
