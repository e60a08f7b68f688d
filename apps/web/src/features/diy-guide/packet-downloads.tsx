import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import type { ApplicationView } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';
import { PacketDownloadButton } from '@/components/applications/packet-download-button';

/**
 * The guide's download (docs/product.md §16): a signed-in patient gets the packet of each of their applications,
 * filled in from what they gave us; a visitor (or a patient without an application yet) the blank packet.
 */
export function PacketDownloads() {
  const { _ } = useLingui();
  const { user } = useAuth();
  const patient = user?.role === 'USER';
  const applications = useQuery({
    queryKey: ['diy-guide', 'applications', user?.id],
    queryFn: async () => (await api.get<{ applications: ApplicationView[] }>('/applications')).data.applications,
    enabled: patient,
  });
  const own = patient ? (applications.data ?? []) : [];
  return (
    <div className="mt-8 flex flex-wrap justify-center gap-3">
      {own.length ? (
        own.map((a) => (
          <PacketDownloadButton
            key={a.id}
            path={`/applications/${encodeURIComponent(a.id)}/packet`}
            label={_('diy-guide.download.filled', { medication: a.medication })}
            variant="primary"
          />
        ))
      ) : (
        <PacketDownloadButton path="/packets/blank" label={_('diy-guide.download.blank')} variant="primary" />
      )}
    </div>
  );
}
