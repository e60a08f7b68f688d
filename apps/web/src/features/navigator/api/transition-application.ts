import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  transitionRequestSchema,
  type AdminApplicationView,
  type ApplicationState,
  type TransitionRequest,
} from '@rxbridge/contracts';
import { detailFieldsFor, validateTransitionDetails } from '@rxbridge/domain';
import { api } from '@/lib/api-client';
import { localIsoDate } from '@/lib/local-day';
import { navigatorKeys } from './keys';

/**
 * The move form: the request's note plus the details the target state needs, as typed in the
 * inputs (strings); checked by the same rules the API applies (libs/domain).
 */
export const transitionFormSchema = (toState: ApplicationState) =>
  transitionRequestSchema
    .pick({ note: true })
    .extend({
      enrollmentStartsOn: z.string(),
      enrollmentEndsOn: z.string(),
      shipmentDate: z.string(),
      daysOfSupply: z.string(),
    })
    .superRefine((v, ctx) => {
      const errors = validateTransitionDetails(toState, toDetails(toState, v));
      for (const [field, message] of Object.entries(errors)) ctx.addIssue({ code: 'custom', path: [field], message });
    });
export type TransitionFormValues = z.input<ReturnType<typeof transitionFormSchema>>;

/**
 * Only the fields the target state takes are sent; days of supply as a number. A blank enrollment start is the
 * navigator's own today, their calendar day where they are (the server's fallback, the UTC day, is already tomorrow in
 * a US evening); a blank end is left out: the server takes the program's rule from the start (docs/product.md §18).
 */
export function toDetails(toState: ApplicationState, v: Omit<TransitionFormValues, 'note'>) {
  const needed = detailFieldsFor(toState);
  const pick = (field: (typeof needed)[number], value: string) =>
    needed.includes(field) ? value.trim() || null : undefined;
  const days = v.daysOfSupply.trim();
  return {
    enrollmentStartsOn: needed.includes('enrollmentStartsOn')
      ? v.enrollmentStartsOn.trim() || localIsoDate()
      : undefined,
    enrollmentEndsOn: pick('enrollmentEndsOn', v.enrollmentEndsOn) ?? undefined,
    shipmentDate: pick('shipmentDate', v.shipmentDate),
    daysOfSupply: needed.includes('daysOfSupply') ? (days === '' ? null : Number(days)) : undefined,
  };
}

export interface TransitionInput {
  applicationId: string;
  request: TransitionRequest;
}

export const transitionApplication = async ({ applicationId, request }: TransitionInput) =>
  api.post<{ application: AdminApplicationView }>(
    `/admin/applications/${encodeURIComponent(applicationId)}/transitions`,
    request,
  );

/** After a move, or a refused one (someone else moved it first), every navigator view refetches. */
export function useTransitionApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transitionApplication,
    onSettled: () => queryClient.invalidateQueries({ queryKey: navigatorKeys.all }),
  });
}
