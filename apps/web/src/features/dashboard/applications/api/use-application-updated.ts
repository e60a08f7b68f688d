import { useCallback, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { SocketApplicationUpdated } from '@rxbridge/contracts';
import { SOCKET_EVENTS } from '@rxbridge/contracts';
import type { ApplicationView } from '@rxbridge/contracts';
import { dashboardKeys } from '../../dashboard-keys';
import { useLiveConnection, useLiveEvent } from '@/lib/live/live-connection';
import { applicationNextStep, applicationStateLabel } from '@/components/applications/state-label';
import { patientNextStep } from '../next-step';
import { readAgain } from '@/lib/live/read-again';

/**
 * application.updated: the state and next step change at once on every card and dialog (a close once read again),
 * then the applications are fetched again for the timeline and checklist. A transition replayed after a
 * reconnect (same transitionId) is not announced twice. A push retried after an outage can arrive
 * after a later one: older than the last change shown for its application, it patches nothing
 * (docs/architecture.md §8 Real time).
 */
export function useApplicationUpdated() {
  const queryClient = useQueryClient();
  const { markSeen } = useLiveConnection();
  const announced = useRef(new Set<string>());
  const latest = useRef(new Map<string, string>());
  const onUpdate = useCallback(
    (e: SocketApplicationUpdated) => {
      markSeen(e.at);
      const shown = latest.current.get(e.applicationId);
      if (!shown || Date.parse(e.at) >= Date.parse(shown)) {
        latest.current.set(e.applicationId, e.at);
        // A close shows once the list is read again: why it closed (a renewal took over, say) is in its timeline,
        // which the push does not carry, and the card must not say the generic Closed text in the meantime.
        if (e.state !== 'CLOSED')
          queryClient.setQueryData<ApplicationView[]>(dashboardKeys.applications, (apps) =>
            apps?.map((a) =>
              a.id === e.applicationId ? { ...a, state: e.state, stateLabel: e.stateLabel, nextStep: e.nextStep } : a,
            ),
          );
      }
      const refetched = readAgain(queryClient, dashboardKeys.applications);
      if (e.transitionId && !announced.current.has(e.transitionId)) {
        announced.current.add(e.transitionId);
        // Said as the card says it, a close once read again.
        const announce = () => {
          const applications = queryClient.getQueryData<ApplicationView[]>(dashboardKeys.applications) ?? [];
          const fresh = applications.find((a) => a.id === e.applicationId);
          toast.info(`${e.medication}: ${applicationStateLabel(e.state)}`, {
            description: fresh?.state === e.state ? patientNextStep(fresh, applications) : applicationNextStep(e.state),
          });
        };
        if (e.state === 'CLOSED') void refetched.finally(announce);
        else announce();
      }
    },
    [queryClient, markSeen],
  );
  useLiveEvent(SOCKET_EVENTS.applicationUpdated, onUpdate);
}
