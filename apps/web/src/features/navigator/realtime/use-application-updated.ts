import { useCallback, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { SocketApplicationUpdated } from '@rxbridge/contracts';
import { SOCKET_EVENTS } from '@rxbridge/contracts';
import { navigatorKeys } from '../api/keys';
import { useLiveEvent } from '@/lib/live/live-connection';

/**
 * application.updated (every application, for the navigators' room): the queue and its counts are
 * fetched again (counts come from the database, never from the message), and so is the record of
 * the patient it belongs to if it is on screen. A newly opened application is announced.
 */
export function useApplicationUpdated() {
  const queryClient = useQueryClient();
  // A redelivered event (at-least-once) is not announced twice.
  const announced = useRef(new Set<string>());
  const onUpdate = useCallback(
    (e: SocketApplicationUpdated) => {
      void queryClient.invalidateQueries({ queryKey: navigatorKeys.workQueue });
      void queryClient.invalidateQueries({ queryKey: navigatorKeys.patient(e.userId) });
      if (e.previousState !== null || !e.transitionId || announced.current.has(e.transitionId)) return;
      announced.current.add(e.transitionId);
      toast.info(`New application: ${e.medication}`, { description: 'Added to the work queue.' });
    },
    [queryClient],
  );
  useLiveEvent(SOCKET_EVENTS.applicationUpdated, onUpdate);
}
