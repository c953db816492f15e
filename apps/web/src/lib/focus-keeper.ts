/**
 * Keeps keyboard focus from falling to the page body when the element that
 * held it disappears: a dialog whose opener was re-rendered while it was open
 * (a finished run reloads the tables), a task card removed when its task ends.
 * Focus then goes back to where it was (the same control, found again by its
 * key) or, failing that, to the main region (WCAG 2.4.3, focus order).
 *
 * A control may be gone only for a moment (a reload shows a placeholder
 * before the controls come back): the main region then holds the focus until
 * a control with the same key appears, and the focus moves to it, unless the
 * user has moved it elsewhere in between.
 *
 * A dialog or menu that closes with the focus on the body is also put right,
 * even when the control that had the focus before it is still there: MUI
 * restores the focus to the element it came from, which for a dialog opened
 * from a menu item is the item (gone with its menu), and nothing at all when
 * the dialog opened while the focus was on the body.
 */

/** The id of the app's main region: the skip link's target and the keeper's last resort. */
export const MAIN_CONTENT_ID = 'main-content';

/** Elements inside these are in a modal layer (MUI's dialogs, menus and popovers). */
const MODAL = '.MuiModal-root, [aria-modal="true"]';
const FOCUSABLE = 'button, a[href], input, select, textarea, [tabindex]';

/**
 * What finds a control again after it was re-created: its data-focus-key, else
 * its accessible label, else a field's name, else a button's text.
 */
export function focusKeyOf(element: Element): string | null {
  const explicit = element.getAttribute('data-focus-key');
  if (explicit) return `key:${explicit}`;
  const label = element.getAttribute('aria-label');
  if (label) return `label:${label}`;
  // A field by its name: the prerendered /login's fields are replaced by the app's own.
  const name = element.getAttribute('name');
  if (name && element.matches('input, select, textarea')) return `name:${element.tagName}:${name}`;
  const text = element.textContent?.trim();
  if (text && element.matches('button, a[href], [role="button"], [role="tab"]')) {
    return `text:${element.tagName}:${text}`;
  }
  return null;
}

/** Whether focus() would take: in the page, enabled and shown. */
const canFocus = (element: HTMLElement): boolean =>
  element.isConnected && !element.matches(':disabled') && element.getClientRects().length > 0;

function findByKey(key: string): HTMLElement | null {
  for (const candidate of document.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    if (candidate.closest(MODAL)) continue;
    if (focusKeyOf(candidate) === key && canFocus(candidate)) return candidate;
  }
  return null;
}

/** Installs the keeper once for the page; returns its removal (for tests). */
export function installFocusKeeper(mainId = MAIN_CONTENT_ID): () => void {
  let last: HTMLElement | null = null;
  let lastKey: string | null = null;
  // Whether a modal layer was open at the last look: its closing may leave the focus on the body.
  let wasModalOpen = false;
  // Whether the control lost the focus by being disabled (a button busy with its task).
  let wasDisabled = false;
  // The key of a control that was gone when the focus had to move, and the screen it was on:
  // the main region holds the focus meanwhile.
  let awaitedKey: string | null = null;
  let awaitedPath = '';
  const main = () => document.getElementById(mainId);
  const onFocusIn = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof HTMLElement) || target.closest(MODAL)) return;
    last = target;
    lastKey = focusKeyOf(target);
    wasDisabled = false;
    // The focus moved on to a control: the wait is over. The main region is where the focus
    // waits (a dialog opened meanwhile gives it back there on closing), so it ends nothing.
    if (target !== main()) awaitedKey = null;
  };
  /** Moves the focus from where it waits to the awaited control once that is back; whether it did. */
  const resumeAwaited = (): boolean => {
    const active = document.activeElement;
    if (awaitedKey === null || (active !== main() && active !== document.body)) return false;
    if (location.pathname !== awaitedPath) {
      awaitedKey = null;
      return false;
    }
    const back = findByKey(awaitedKey);
    if (back === null) return false;
    back.focus({ preventScroll: true });
    return true;
  };
  const check = () => {
    // A dialog's own focus trap is in charge while it is open.
    if (document.querySelector(MODAL)) {
      wasModalOpen = true;
      return;
    }
    const hasClosed = wasModalOpen;
    wasModalOpen = false;
    if (resumeAwaited()) return;
    if (document.activeElement !== document.body && document.activeElement !== null) return;
    if (last === null) return;
    // A control disabled while it had the focus gets it back once its task is done.
    if (last.isConnected && !hasClosed && last.matches(':disabled')) {
      wasDisabled = true;
      return;
    }
    if (wasDisabled && last.isConnected && canFocus(last)) {
      wasDisabled = false;
      last.focus({ preventScroll: true });
      return;
    }
    // Only a control that vanished, or a closed layer, is put right: a click on plain text
    // also leaves focus on the body and must not be undone.
    if (last.isConnected && !hasClosed) return;
    const again = hasClosed && canFocus(last) ? last : lastKey === null ? null : findByKey(lastKey);
    const awaited = again === null ? lastKey : null;
    const target = again ?? main();
    target?.focus({ preventScroll: again === null });
    last = again;
    if (awaited !== null) {
      awaitedKey = awaited;
      awaitedPath = location.pathname;
    }
  };
  // What had the focus before the app's code ran (a prerendered page's field) is kept too.
  const initial = document.activeElement;
  if (initial instanceof HTMLElement && initial !== document.body) {
    last = initial;
    lastKey = focusKeyOf(initial);
  }
  const observer = new MutationObserver(check);
  document.addEventListener('focusin', onFocusIn);
  // `disabled` too: a busy button's loading state may change no children.
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['disabled'],
  });
  return () => {
    document.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
  };
}
