import { useState } from 'react';
import { toast } from 'sonner';
import { ExternalLink } from 'lucide-react';
import type { AdminPatientRecord } from '@rxbridge/contracts';
import { messageOf } from '@/lib/api-client';
import { formatBytes, formatDate } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { getDocumentAccessUrl } from '../api/open-document';
import { ListCard } from './list-card';

/** The patient's uploads; each opens in a new tab through a signed link (every access is audited). */
export function DocumentsCard({ documents }: { documents: AdminPatientRecord['documents'] }) {
  const [opening, setOpening] = useState<string | null>(null);
  const open = async (id: string, title: string) => {
    // The tab opens on the click (popup blockers allow that), then receives the signed link.
    const tab = window.open('', '_blank');
    setOpening(id);
    try {
      const url = await getDocumentAccessUrl(id);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      tab?.close();
      toast.error('Download failed', { description: messageOf(error, `Failed to open ${title}`) });
    } finally {
      setOpening(null);
    }
  };
  return (
    <ListCard title="Documents" empty="No documents uploaded.">
      {documents.map((d) => (
        <li key={d.id} className="flex items-center justify-between gap-3 py-2.5">
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900">{d.title}</p>
            <p className="text-slate-600">
              {formatBytes(d.fileSize)} · uploaded {formatDate(d.createdAt)}
            </p>
          </div>
          <Button
            variant="secondary"
            size="sm"
            isLoading={opening === d.id}
            onClick={() => open(d.id, d.title)}
            aria-label={`Open ${d.title}`}
          >
            <ExternalLink aria-hidden /> Open
          </Button>
        </li>
      ))}
    </ListCard>
  );
}
