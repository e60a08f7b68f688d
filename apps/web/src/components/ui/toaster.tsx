import { Toaster as Sonner } from 'sonner';

/** docs/product.md: toasts bottom-right, focused with Alt+T. */
export function Toaster() {
  return <Sonner position="bottom-right" hotkey={['altKey', 'KeyT']} richColors closeButton />;
}
