import { RotateCw } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { Button } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/form-alert';

/** docs/product.md: 'Failed to load … data' with the error's message, else 'An error occurred'. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  const { _ } = useLingui();
  return (
    <div className="space-y-2">
      <LoadFailed title={title} error={error} fallback={_('dashboard.loadError.fallback')} />
      {onRetry && (
        <Button variant="ghost" size="sm" onClick={onRetry}>
          <RotateCw aria-hidden /> {_('dashboard.loadError.retry')}
        </Button>
      )}
    </div>
  );
}
