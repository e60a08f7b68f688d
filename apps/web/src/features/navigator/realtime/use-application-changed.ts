import { useCallback, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { SocketApplicationChanged } from '@rxbridge/contracts';
import { SOCKET_EVENTS } from '@rxbridge/contracts';
import { getApplication } from '../api/get-application';
import { navigatorKeys } from '../api/keys';
import { useLiveEvent } from '@/lib/live/live-connection';
import { readAgain } from '@/lib/live/read-again';

/**
 * application.changed (every application, ids only, for the navigators' room): the queue and its
 * counts are fetched again, and so is the record of the patient it belongs to if it is on screen.
 * A newly opened application is announced with its medication, read through the audited API (the
 * socket never carries it: docs/architecture.md §9).
 */
export function useApplicationChanged() {
  const queryClient = useQueryClient();
  // A redelivered event (at-least-once) is not announced twice.
  const announced = useRef(new Set<string>());
  const onChange = useCallback(
    (e: SocketApplicationChanged) => {
      void readAgain(queryClient, navigatorKeys.workQueue);
      void readAgain(queryClient, navigatorKeys.patient(e.userId));
      if (!e.opened || !e.transitionId || announced.current.has(e.transitionId)) return;
      announced.current.add(e.transitionId);
      // An application that cannot be read (gone, or the session ended) is not announced: the queue shows what is.
      getApplication(e.applicationId).then(
        (app) => toast.info(`New application: ${app.medication}`, { description: 'Added to the work queue.' }),
        () => undefined,
      );
    },
    [queryClient],
  );
  useLiveEvent(SOCKET_EVENTS.applicationChanged, onChange);
}
