import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { FileDown } from 'lucide-react';
import { downloadFile, messageOf } from '@/lib/api-client';
import { Button } from '@/components/ui/button';

/**
 * Downloads an application's packet PDF (docs/product.md §16): the patient's own route, or the navigators' audited
 * one, or the blank packet for visitors.
 */
export function PacketDownloadButton({
  path,
  label,
  variant = 'outline',
}: {
  path: string;
  label?: string;
  variant?: 'outline' | 'primary';
}) {
  const { _ } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadFile(path, 'rxbridge-packet.pdf');
    } catch (failure) {
      // Shown beside the button, not as a toast: the toaster stays out of the public pages' first load.
      setError(messageOf(failure, _('records.packet.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Button variant={variant} size="sm" onClick={download} isLoading={busy}>
        <FileDown aria-hidden="true" />
        {label ?? _('records.packet.download')}
      </Button>
      {error && (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}
