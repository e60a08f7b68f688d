import { RotateCw } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { messageOf } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';

/** docs/product.md: 'Failed to load … data' with the error's message, else 'An error occurred'. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  const { _ } = useLingui();
  return (
    <div className="space-y-2">
      <FormAlert>
        <strong className="font-semibold">{title}</strong>
        <span className="block">{messageOf(error, _('dashboard.loadError.fallback'))}</span>
      </FormAlert>
      {onRetry && (
        <Button variant="ghost" size="sm" onClick={onRetry}>
          <RotateCw aria-hidden /> {_('dashboard.loadError.retry')}
        </Button>
      )}
    </div>
  );
}
