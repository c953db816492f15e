/**
 * Keeps keyboard focus from falling to the page body when the element that
 * held it disappears: a dialog whose opener was re-rendered while it was open
 * (a finished run reloads the tables), a task card removed when its task ends.
 * Focus then goes back to where it was (the same control, found again by its
 * key) or, failing that, to the main region (WCAG 2.4.3, focus order).
 */

/** The id of the app's main region: the skip link's target and the keeper's last resort. */
export const MAIN_CONTENT_ID = 'main-content';

/** Elements inside these are in a modal layer (MUI's dialogs, menus and popovers). */
const MODAL = '.MuiModal-root, [aria-modal="true"]';
const FOCUSABLE = 'button, a[href], input, select, textarea, [tabindex]';

/**
 * What finds a control again after it was re-created: its data-focus-key, else
 * its accessible label, else its role and text.
 */
export function focusKeyOf(element: Element): string | null {
  const explicit = element.getAttribute('data-focus-key');
  if (explicit) return `key:${explicit}`;
  const label = element.getAttribute('aria-label');
  if (label) return `label:${label}`;
  const text = element.textContent?.trim();
  if (text && element.matches('button, a[href], [role="button"], [role="tab"]')) {
    return `text:${element.tagName}:${text}`;
  }
  return null;
}

function findByKey(key: string): HTMLElement | null {
  for (const candidate of document.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    if (candidate.closest(MODAL)) continue;
    if (focusKeyOf(candidate) === key && !candidate.hasAttribute('disabled')) return candidate;
  }
  return null;
}

/** Installs the keeper once for the page; returns its removal (for tests). */
export function installFocusKeeper(mainId = MAIN_CONTENT_ID): () => void {
  let last: HTMLElement | null = null;
  let lastKey: string | null = null;
  const onFocusIn = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof HTMLElement) || target.closest(MODAL)) return;
    last = target;
    lastKey = focusKeyOf(target);
  };
  const check = () => {
    if (document.activeElement !== document.body && document.activeElement !== null) return;
    if (document.querySelector(MODAL)) return; // a dialog's own focus trap is in charge
    // Only a control that vanished (or a closed dialog whose opener vanished) is replaced;
    // a click on plain text also leaves focus on the body and must not be undone.
    if (last === null || last.isConnected) return;
    const again = lastKey === null ? null : findByKey(lastKey);
    const target = again ?? document.getElementById(mainId);
    target?.focus({ preventScroll: again === null });
    last = again;
  };
  const observer = new MutationObserver(check);
  document.addEventListener('focusin', onFocusIn);
  observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    document.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
  };
}
