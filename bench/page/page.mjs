// The benchmark page: mounts <ElicitationDialog> and plain rjsf (Form + validator-ajv8 on Ajv2020) for the same
// generated schemas, in the same browser session, and times them from inside the page. Bundled by ../src/dialog.mjs.
import { parseElicitation } from '@elicitation-kit/core';
import { ElicitationDialog } from '@elicitation-kit/react';
import Form from '@rjsf/core';
import { customizeValidator } from '@rjsf/validator-ajv8';
import Ajv2020Module from 'ajv/dist/2020.js';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import kitchenSink from '../../fixtures/examples/form-12-kitchen-sink-all-variants.json';
import { generateForm } from '../src/generate.mjs';

const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;
// One validator for the page, as a host would create it (rjsf's default validator is draft-07 Ajv; the fixtures
// declare 2020-12, which rjsf documents as needing the 2020 class).
const validator = customizeValidator({ AjvClass: Ajv2020 });
const server = { name: 'Bench server' };
const noop = () => {};

const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
const isField = (element) => element instanceof HTMLElement && element.matches('input, select, textarea');

let serial = 0;

/** Renders `kind` ('kit' | 'rjsf') for a fresh `count`-field request; resolves once a field has focus. */
async function mount(kind, count) {
  const params = generateForm(kitchenSink.params, count, `${kind}-${count}-${++serial}`);
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);

  let focusAt;
  let onFocused = noop;
  const focused = new Promise((resolve) => {
    onFocused = resolve;
  });
  const seen = (at) => {
    if (focusAt !== undefined) return;
    focusAt = at;
    onFocused();
  };
  const onFocusIn = (event) => {
    if (isField(event.target)) seen(performance.now());
  };
  document.addEventListener('focusin', onFocusIn, true);
  // Backup for focus that moves without a focusin reaching the document: poll the active element every frame.
  const poll = () => {
    if (focusAt !== undefined) return;
    if (isField(document.activeElement)) seen(performance.now());
    else requestAnimationFrame(poll);
  };

  const start = performance.now();
  if (kind === 'kit') {
    const parsed = parseElicitation(params);
    if (!parsed.ok) throw new Error(parsed.error.message);
    root.render(createElement(ElicitationDialog, { request: parsed.request, server, onRespond: noop }));
  } else {
    const first = Object.keys(params.requestedSchema.properties)[0];
    root.render(
      createElement(Form, {
        schema: params.requestedSchema,
        validator,
        uiSchema: { [first]: { 'ui:autofocus': true } },
      }),
    );
  }
  requestAnimationFrame(poll);
  const timedOut = await Promise.race([focused.then(() => false), new Promise((r) => setTimeout(() => r(true), 5000))]);
  const paintAt = await frame();
  document.removeEventListener('focusin', onFocusIn, true);
  return {
    root,
    container,
    focusMs: timedOut ? null : focusAt - start,
    paintMs: timedOut ? null : paintAt - start,
    focused:
      document.activeElement instanceof HTMLElement
        ? (document.activeElement.getAttribute('name') ?? document.activeElement.id)
        : null,
  };
}

async function unmount({ root, container }) {
  root.unmount();
  container.remove();
  await frame();
  await frame();
}

/** Mounts both kinds `runs` times each (after `warmup` untimed rounds), alternating which goes first. */
async function readiness(count, runs, warmup) {
  const samples = { kit: [], rjsf: [] };
  for (let round = 0; round < warmup + runs; round++) {
    const order = round % 2 === 0 ? ['kit', 'rjsf'] : ['rjsf', 'kit'];
    for (const kind of order) {
      const mounted = await mount(kind, count);
      await unmount(mounted);
      if (round >= warmup)
        samples[kind].push({ focusMs: mounted.focusMs, paintMs: mounted.paintMs, focused: mounted.focused });
    }
  }
  return samples;
}

// Keystroke-to-paint: keydown time → the first animation frame after the focused field's value changed. Frames come
// every ~16.7 ms, so that figure includes waiting for the frame; `handled` (keydown → a microtask queued by the last
// input listener, on window, so after React's synchronous re-render) is the work itself.
let typing;

async function startTyping(kind, count) {
  const mounted = await mount(kind, count);
  const samples = [];
  const handled = [];
  let keyAt;
  let pendingHandled;
  const onKeyDown = (event) => {
    if (isField(event.target)) keyAt = performance.now();
  };
  const onInput = () => {
    if (keyAt === undefined) return;
    const at = keyAt;
    keyAt = undefined;
    requestAnimationFrame(() => samples.push(performance.now() - at));
    pendingHandled = at;
  };
  const afterInput = () => {
    if (pendingHandled === undefined) return;
    const at = pendingHandled;
    pendingHandled = undefined;
    queueMicrotask(() => handled.push(performance.now() - at));
  };
  document.addEventListener('keydown', onKeyDown, true);
  document.addEventListener('input', onInput, true);
  window.addEventListener('input', afterInput);
  typing = { mounted, samples, handled, onKeyDown, onInput, afterInput };
  return { focusMs: mounted.focusMs, focused: mounted.focused };
}

async function stopTyping() {
  const { mounted, samples, handled, onKeyDown, onInput, afterInput } = typing;
  await frame();
  document.removeEventListener('keydown', onKeyDown, true);
  document.removeEventListener('input', onInput, true);
  window.removeEventListener('input', afterInput);
  const value = document.activeElement instanceof HTMLInputElement ? document.activeElement.value : null;
  await unmount(mounted);
  typing = undefined;
  return { samples, handled, value };
}

window.elicitationBench = { readiness, startTyping, stopTyping, ready: true };
