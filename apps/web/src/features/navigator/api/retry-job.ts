import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueueJobView } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { navigatorKeys } from './keys';

export const retryJob = async ({ queue, jobId }: { queue: string; jobId: string }) =>
  api.post<{ job: QueueJobView }>(`/admin/queues/${encodeURIComponent(queue)}/jobs/${encodeURIComponent(jobId)}/retry`);

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: navigatorKeys.queueHealth }),
  });
}
