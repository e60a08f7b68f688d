import { toast } from 'sonner';
import type { ApplicationDocumentItem, ApplicationView } from '@rxbridge/contracts';
import { messageOf } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { useSetDocumentStatus } from '../api/set-document-status';
import { PATIENT_ASKED } from './patient-asked';

/** Marks a checklist item received (e.g. the prescriber faxed the form) or missing again. */
export function MarkDocumentButton({
  application: a,
  item,
}: {
  application: ApplicationView;
  item: ApplicationDocumentItem;
}) {
  const setStatus = useSetDocumentStatus();
  const received = item.status === 'RECEIVED';
  const onClick = () =>
    setStatus.mutate(
      { applicationId: a.id, kind: item.kind, status: received ? 'MISSING' : 'RECEIVED', fromStatus: item.status },
      {
        onSuccess: ({ message }) =>
          toast.success(message ?? 'Checklist updated', {
            description: `${item.label} · ${a.medication}${received ? `. ${PATIENT_ASKED}` : ''}`,
          }),
        onError: (error) =>
          toast.error('Checklist not updated', { description: messageOf(error, 'Please try again.') }),
      },
    );
  return (
    <Button
      variant="quiet"
      size="xs"
      className="shrink-0"
      isLoading={setStatus.isPending}
      onClick={onClick}
      // Starts with the visible words, so "Mark received" spoken or typed finds it (WCAG 2.5.3).
      aria-label={`${received ? 'Mark missing' : 'Mark received'}: ${item.label} for ${a.medication}`}
    >
      {received ? 'Mark missing' : 'Mark received'}
    </Button>
  );
}
