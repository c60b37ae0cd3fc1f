/**
 * @elicitation-kit/react/testing: helpers for test environments, never for production.
 * @packageDocumentation
 */

/**
 * Installs a minimal `HTMLDialogElement#showModal` / `close` where the engine has none (jsdom): `open` reflects the
 * state, `showModal()` focuses the first focusable control inside (the dialog focusing steps browsers run), Escape
 * fires a cancelable `cancel` event on the topmost modal dialog (closing it unless prevented), and `close()` fires
 * `close`. Inertness and the top layer are not emulated. Does nothing where `showModal` exists.
 * @example
 * // vitest setup file (environment: jsdom)
 * import { installDialogPolyfill } from '@elicitation-kit/react/testing';
 * installDialogPolyfill();
 */
/** What the dialog focusing steps pick first: a control that takes focus (enabled, not removed from the tab order). */
const FOCUSABLE =
  ':is(input, select, textarea, button):not(:disabled, [tabindex="-1"]), a[href]:not([tabindex="-1"]), [tabindex]:not([tabindex="-1"])';

export function installDialogPolyfill(): void {
  const prototype = globalThis.HTMLDialogElement?.prototype as
    | (HTMLDialogElement & { showModal?: () => void; close?: (value?: string) => void })
    | undefined;
  if (prototype === undefined || typeof prototype.showModal === 'function') {
    return;
  }
  const modals: HTMLDialogElement[] = [];
  Object.defineProperty(prototype, 'showModal', {
    configurable: true,
    writable: true,
    value(this: HTMLDialogElement) {
      if (this.open) throw new DOMException('The dialog is already open.', 'InvalidStateError');
      if (!this.isConnected) throw new DOMException('The dialog is not connected.', 'InvalidStateError');
      this.setAttribute('open', '');
      modals.push(this);
      this.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    },
  });
  Object.defineProperty(prototype, 'close', {
    configurable: true,
    writable: true,
    value(this: HTMLDialogElement) {
      const index = modals.indexOf(this);
      if (index >= 0) modals.splice(index, 1);
      if (!this.open) return;
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    },
  });
  document.addEventListener('keydown', (event) => {
    const top = modals.at(-1);
    if (event.key !== 'Escape' || event.defaultPrevented || !top?.isConnected) return;
    if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}
