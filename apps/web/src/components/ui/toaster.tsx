import { useSyncExternalStore } from 'react';
import { useLingui } from '@lingui/react';
import { Toaster as Sonner } from 'sonner';

/** Below this width Sonner lays a toast across the whole screen (its own breakpoint). */
const PHONE = '(max-width: 599px)';

/**
 * A phone with a modal dialog open. Radix turns pointer events off on the body while a modal dialog
 * (or alert dialog) is open, so the body's style says when one is.
 */
function phoneDialogOpen(): boolean {
  return window.matchMedia(PHONE).matches && document.body.style.pointerEvents === 'none';
}

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE);
  const body = new MutationObserver(onChange);
  query.addEventListener('change', onChange);
  body.observe(document.body, { attributes: true, attributeFilter: ['style'] });
  return () => {
    query.removeEventListener('change', onChange);
    body.disconnect();
  };
}

/**
 * docs/product.md: toasts bottom-right, focused with Alt+T. On a phone a toast spans the screen, and
 * at the bottom it would lie over the buttons at a dialog's foot (Save, Add) just as one was
 * pressed: while a dialog is open there, toasts show at the top (docs/product.md, Everywhere).
 * The toasts' region and each toast's close button are named in the page's language: Sonner's own
 * names, "Notifications" and "Close toast", stay the English ones.
 */
export function Toaster() {
  const top = useSyncExternalStore(subscribe, phoneDialogOpen, () => false);
  const { _ } = useLingui();
  return (
    <Sonner
      position={top ? 'top-center' : 'bottom-right'}
      hotkey={['altKey', 'KeyT']}
      richColors
      closeButton
      containerAriaLabel={_('common.toast.region')}
      toastOptions={{ closeButtonAriaLabel: _('common.toast.close') }}
    />
  );
}
