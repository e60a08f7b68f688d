import { useLayoutEffect, useRef } from 'react';

/**
 * Where a dialog's focus goes back to once it closes: the control that had the focus when it opened (the button
 * pressed), unless `preferred` names another. Radix returns the focus to its Dialog.Trigger, and the app opens its
 * dialogs from plain buttons, so without this the focus fell to the page's start on every close (WCAG 2.4.3).
 * Returns the close handler for Radix's onCloseAutoFocus. A dialog closing while another is open (one handing over
 * to the next, login to forgot password; or a confirmation over a dialog) gives the focus back only inside the
 * dialog still open, never behind it, where the open one would take it as a click outside. A control gone by then
 * (its row deleted) is left to what removed it.
 */
export function useReturnFocus(open: boolean, preferred?: () => HTMLElement | null) {
  const opener = useRef<HTMLElement | null>(null);
  // Before Radix moves the focus into the dialog (its focus scope does so in an effect, after layout effects).
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  return (event: Event) => {
    event.preventDefault();
    const target = preferred?.() ?? opener.current;
    opener.current = null;
    if (!target?.isConnected) return;
    const stillOpen = [
      ...document.querySelectorAll('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]'),
    ];
    if (stillOpen.length && !stillOpen.some((dialog) => dialog.contains(target))) return;
    target.focus();
  };
}
