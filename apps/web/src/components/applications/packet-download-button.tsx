import { useState } from 'react';
import { FileDown } from 'lucide-react';
import { downloadFile, messageOf } from '@/lib/api-client';
import { Button } from '@/components/ui/button';

/**
 * Downloads an application's packet PDF (docs/product.md §16): the patient's own route, or the navigators' audited
 * one, or the blank packet for visitors.
 */
export function PacketDownloadButton({
  path,
  label = 'Download packet',
  variant = 'outline',
}: {
  path: string;
  label?: string;
  variant?: 'outline' | 'primary';
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadFile(path, 'rxbridge-packet.pdf');
    } catch (failure) {
      // Shown beside the button, not as a toast: the toaster stays out of the public pages' first load.
      setError(messageOf(failure, 'The packet could not be downloaded. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Button variant={variant} size="sm" onClick={download} isLoading={busy}>
        <FileDown aria-hidden="true" />
        {label}
      </Button>
      {error && (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}
