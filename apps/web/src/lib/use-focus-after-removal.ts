import { useEffect, useId, useLayoutEffect, useRef } from 'react';

const LIST = 'data-focus-list';
const ROW = 'data-focus-row';
const CONTROL = 'data-focus-control';

/** What a row's control of the list is named by, for the same control of another row. */
export const focusControl = (name: string) => ({ [CONTROL]: name });

interface Focused {
  element: HTMLElement;
  row: string;
  control: string;
  /** The list's rows as they were, for the rows after and before one that has gone. */
  rows: string[];
  /** The dialog the list is in. */
  dialog: Element | null;
}

/**
 * The keyboard's place in a list whose rows (or a row's control) go once their job is done: a deleted document, a
 * checklist item received. The focused control went with its row, and the focus fell to the page's start, or to the
 * dialog itself as Radix's focus trap takes it (WCAG 2.4.3). The control that had the focus last (or that opened a
 * confirmation, a dialog of its own, that did the job) is kept; once it is gone while the focus is nowhere, the focus
 * goes to the same control of the next row, else of the previous row, else to `fallback(control)` (the list's heading,
 * its search or Add). In the render that removed it (a layout effect, before Radix's trap answers), or, while the
 * confirmation or dialog that took it away is still open, as soon as that one has closed and left the focus nowhere.
 *
 * The returned `row(id)` marks a row (its element, which may go with it); `focusControl(name)` a control of the row.
 */
export function useFocusAfterRemoval(fallback: (control: string) => HTMLElement | null | undefined) {
  const list = useId();
  const last = useRef<Focused | null>(null);
  const fallbackRef = useRef(fallback);
  fallbackRef.current = fallback;

  useEffect(() => {
    const settleLater = () => window.setTimeout(() => settle(list, last, fallbackRef.current));
    const onFocusIn = (e: FocusEvent) => {
      const target = e.target instanceof HTMLElement ? e.target : null;
      const control = target?.closest<HTMLElement>(`[${CONTROL}]`);
      const row = control?.closest<HTMLElement>(`[${LIST}="${CSS.escape(list)}"]`);
      if (control && row) {
        last.current = {
          element: control,
          row: row.getAttribute(ROW) ?? '',
          control: control.getAttribute(CONTROL) ?? '',
          rows: rowsOf(list),
          dialog: control.closest('[role="dialog"]'),
        };
      } else if (target && target === last.current?.dialog) {
        // Radix's trap took a focus that fell nowhere.
        settle(list, last, fallbackRef.current);
      } else if (target && last.current && dialogOf(last.current.element, last.current.dialog).contains(target)) {
        // Elsewhere in the same dialog (or page): the patient moved on. A confirmation or another dialog opened over
        // the list (outside it) keeps the control, which it may take away.
        last.current = null;
      }
    };
    // A focused element removed (a confirmation's button as it closes) loses the focus without one gaining it.
    const onFocusOut = (e: FocusEvent) => {
      if (!e.relatedTarget && last.current && !last.current.element.isConnected) settleLater();
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, [list]);

  useLayoutEffect(() => {
    const was = last.current;
    if (!was) return;
    if (was.element.isConnected) was.rows = rowsOf(list);
    else settle(list, last, fallbackRef.current);
  });

  return (id: string) => ({ [LIST]: list, [ROW]: id });
}

/**
 * The kept control gone: with the focus nowhere, it goes on to the next row's same control, else the previous row's,
 * else the fallback. With the focus on another control of the list's dialog, the patient is elsewhere: nothing to do.
 * With the focus in a dialog over the list (the confirmation that deleted the row), wait for that one to close.
 */
function settle(
  list: string,
  last: { current: Focused | null },
  fallback: (control: string) => HTMLElement | null | undefined,
) {
  const was = last.current;
  if (!was || was.element.isConnected) return;
  const active = document.activeElement;
  const dialog = dialogOf(was.element, was.dialog);
  // Nowhere: on the page's body, on a removed element, or on the list's dialog itself (where Radix's trap puts it).
  const lost = !active || active === document.body || !active.isConnected || active === dialog;
  if (!lost) {
    if (dialog.contains(active)) last.current = null;
    return;
  }
  last.current = null;
  const shown = rowsOf(list);
  const at = was.rows.indexOf(was.row);
  const after = at < 0 ? [] : was.rows.slice(at + 1);
  const before = at < 0 ? [] : was.rows.slice(0, at).reverse();
  // The row itself first: a row whose control went keeps its others.
  const candidates = [was.row, ...after, ...before]
    .filter((id) => shown.includes(id))
    .map((id) => controlOf(list, id, was.control));
  for (const element of [...candidates, fallback(was.control)]) {
    element?.focus();
    if (element && document.activeElement === element) return;
  }
}

const rowsOf = (list: string) =>
  [...document.querySelectorAll<HTMLElement>(`[${LIST}="${CSS.escape(list)}"]`)].map((r) => r.getAttribute(ROW) ?? '');

const controlOf = (list: string, row: string, control: string) =>
  document.querySelector<HTMLElement>(
    `[${LIST}="${CSS.escape(list)}"][${ROW}="${CSS.escape(row)}"] [${CONTROL}="${CSS.escape(control)}"]`,
  );

/** The dialog a control sits in (kept, as a removed control has none), else the page. */
const dialogOf = (element: HTMLElement, kept?: Element | null): Element =>
  element.closest('[role="dialog"]') ?? (kept?.isConnected ? kept : null) ?? document.body;
