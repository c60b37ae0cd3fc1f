// The benchmark page: mounts <ElicitationDialog> and plain rjsf (Form + validator-ajv8 on Ajv2020) for the same
// generated schemas, in the same browser session, and times them from inside the page. Bundled by ../src/dialog.mjs,
// which also serves it under a strict CSP to see which validators run there (`csp()`).
// The kit's stylesheet is imported as a host imports it (esbuild extracts it to page.css, linked from the HTML), so the
// dialog is timed styled; rjsf's core ships no CSS, so its form is timed as it comes.
// oxlint-disable-next-line import/no-unassigned-import -- a stylesheet is imported for its effect, as hosts do
import '@elicitation-kit/react/styles.css';
import { Validator } from '@cfworker/json-schema';
import { parseElicitation, validateValues } from '@elicitation-kit/core';
import { ElicitationDialog } from '@elicitation-kit/react';
import Form from '@rjsf/core';
import { customizeValidator } from '@rjsf/validator-ajv8';
import Ajv2020Module from 'ajv/dist/2020.js';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import kitchenSink from '../../fixtures/examples/form-12-kitchen-sink-all-variants.json';
import { generateForm } from '../src/generate.mjs';
import { kitchenSinkValues } from '../src/values.mjs';

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

/** Whether the kit's stylesheet reaches a mounted dialog (its private custom properties are set), and its transfer. */
async function stylesheet() {
  const mounted = await mount('kit', 3);
  const dialogRoot = document.querySelector('[data-scope="elicitation"][data-part="root"]');
  const applied =
    dialogRoot !== null && getComputedStyle(dialogRoot).getPropertyValue('--_elicitation-bg').trim() !== '';
  await unmount(mounted);
  const entry = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/page.css'));
  return { applied, bytes: entry?.decodedBodySize ?? null, loadMs: entry ? entry.responseEnd - entry.startTime : null };
}

/** A fresh copy of the kitchen sink's schema. */
const kitchenSinkSchema = () => structuredClone(kitchenSink.params.requestedSchema);

/**
 * Which validators run in this page (served again under a strict Content-Security-Policy: script-src 'self', no
 * unsafe-eval): the kit and @cfworker/json-schema interpret the schema, ajv compiles it to a function. Each says
 * 'runs', 'wrong answer' or what it threw; `messages` keeps the first line of each error. Run by the page itself as it
 * loads: code that Playwright evaluates is exempt from the policy's eval check (DevTools' allowUnsafeEvalBlockedByCSP).
 */
function csp() {
  const messages = {};
  const attempt = (name, check) => {
    try {
      return check() ? 'runs' : 'wrong answer';
    } catch (error) {
      messages[name] = String(error?.message ?? error).split('\n')[0];
      return `throws ${error?.name ?? 'an error'}`;
    }
  };
  return {
    kit: attempt('kit', () => {
      const parsed = parseElicitation(structuredClone(kitchenSink.params));
      return parsed.ok && validateValues(parsed.request.fields, kitchenSinkValues).length === 0;
    }),
    cfworker: attempt(
      'cfworker',
      () => new Validator(kitchenSinkSchema(), '2020-12', false).validate(kitchenSinkValues).valid,
    ),
    ajv: attempt('ajv', () =>
      new Ajv2020({ allErrors: true, strict: false }).compile(kitchenSinkSchema())(kitchenSinkValues),
    ),
    messages,
  };
}

window.elicitationBench = {
  readiness,
  startTyping,
  stopTyping,
  stylesheet,
  csp: location.pathname === '/csp.html' ? csp() : undefined,
  ready: true,
};
