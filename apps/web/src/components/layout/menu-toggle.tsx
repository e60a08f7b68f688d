import { Menu, X } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { Button } from '@/components/ui/button';

/**
 * The phone menu's open/close button in a page header (public pages, dashboard): it names the menu it
 * controls and says whether that menu is open, so screen readers announce both. The caller hides it
 * from the width where its header shows the links inline (className, e.g. "lg:hidden").
 */
export function MenuToggle({
  open,
  onOpenChange,
  controls,
  className,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  controls: string;
  className: string;
}) {
  const { _ } = useLingui();
  return (
    <Button
      variant="ghost"
      size="icon"
      className={className}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={open ? _('common.menu.close') : _('common.menu.open')}
      onClick={() => onOpenChange(!open)}
    >
      {open ? <X className="size-6!" /> : <Menu className="size-6!" />}
    </Button>
  );
}
