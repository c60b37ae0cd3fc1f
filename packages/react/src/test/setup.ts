// Test-only: jsdom has no HTMLDialogElement#showModal/close. This minimal stand-in mirrors what browsers do that the
// component relies on: `open` reflects the state, Escape fires a cancelable `cancel` event on the open modal dialog
// (closing it unless prevented), and `close()` fires `close`. Inertness and the top layer are not emulated.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

const modals: HTMLDialogElement[] = [];
// Files that run under `@vitest-environment node` (server rendering) have no DOM at all.
const proto = (globalThis.HTMLDialogElement?.prototype ?? {}) as HTMLDialogElement & {
  showModal?: () => void;
  close?: (value?: string) => void;
};

if (globalThis.HTMLDialogElement && typeof proto.showModal !== 'function') {
  Object.defineProperty(proto, 'showModal', {
    configurable: true,
    writable: true,
    value(this: HTMLDialogElement) {
      if (this.open) throw new DOMException('The dialog is already open.', 'InvalidStateError');
      if (!this.isConnected) throw new DOMException('The dialog is not connected.', 'InvalidStateError');
      this.setAttribute('open', '');
      modals.push(this);
    },
  });
  Object.defineProperty(proto, 'close', {
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
