// Under a strict Content-Security-Policy (no 'unsafe-eval'), `eval` and `new Function` throw. This suite makes them
// throw while the dialog renders, validates and submits, to prove nothing in the shipped path generates code.
// One exemption: jsdom's own selector engine (nwsapi) compiles CSS selectors with `Function`; in a browser,
// `querySelector` is native code, so those calls (and only those, judged by the direct caller) go through.
import { customizeValidator } from '@rjsf/validator-ajv8';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixtureNames, formRequest, paramsOf } from './test/fixtures.js';
import { renderDialog } from './test/render.js';

// The global eval is swapped through a computed key (the lint rule rightly flags any direct use of eval).
const EVAL = 'eval';
const original = { Function: globalThis.Function, eval: Reflect.get(globalThis, EVAL) as unknown };
const calls: string[] = [];

/** The direct caller's stack frame. */
const caller = (): string => new Error('caller').stack?.split('\n')[3] ?? '';

function forbid(): void {
  const blocked = function blocked(...args: string[]): unknown {
    const from = caller();
    if (from.includes('/nwsapi/')) return original.Function(...args);
    calls.push(`Function from ${from.trim()}`);
    throw new EvalError('Refused to evaluate a string as JavaScript (CSP)');
  } as unknown as FunctionConstructor;
  globalThis.Function = blocked;
  // Also the constructor reachable from any function, e.g. `(() => {}).constructor('…')`.
  Object.defineProperty(original.Function.prototype, 'constructor', {
    value: blocked,
    configurable: true,
    writable: true,
  });
  Reflect.set(globalThis, EVAL, () => {
    calls.push(`eval from ${caller().trim()}`);
    throw new EvalError('Refused to evaluate a string as JavaScript (CSP)');
  });
}

function restore(): void {
  globalThis.Function = original.Function;
  Object.defineProperty(original.Function.prototype, 'constructor', {
    value: original.Function,
    configurable: true,
    writable: true,
  });
  Reflect.set(globalThis, EVAL, original.eval);
}

describe('given eval and new Function throw (a strict CSP)', () => {
  beforeEach(() => {
    calls.length = 0;
    forbid();
  });
  afterEach(restore);

  it('the guard is effective: ajv-based rjsf validation cannot compile under it', () => {
    const request = formRequest(paramsOf('form-01-single-string.json'));
    const ajv = customizeValidator();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const schema = request.requestedSchema as never;
    // rjsf's ajv validator catches the compile error and calls even valid data invalid.
    expect(ajv.isValid(schema, { branch: 'main' }, schema)).toBe(false);
    expect(calls.length).toBeGreaterThan(0);
    warn.mockRestore();
    error.mockRestore();
  });

  it.each(fixtureNames.filter((name) => name.startsWith('form-')))(
    'renders, rejects invalid input and submits %s without evaluating code',
    async (name) => {
      const request = formRequest(paramsOf(name));
      const { user, onRespond } = renderDialog({ request });
      const required = request.fields.find((field) => field.required && field.default === undefined);
      if (required) {
        await user.click(screen.getByRole('button', { name: 'Accept' }));
        expect(onRespond).not.toHaveBeenCalled();
        expect(document.querySelector('[data-part=error]')).not.toBeNull();
        const control = screen.getByLabelText(new RegExp(`^${required.label.replace(/[()]/g, '\\$&')}`));
        if (control instanceof HTMLSelectElement) await user.selectOptions(control, control.options[1]!);
        else await user.type(control, required.kind === 'text' && required.format === 'email' ? 'a@b.example' : 'main');
      }
      await user.click(screen.getByRole('button', { name: 'Accept' }));
      expect(onRespond).toHaveBeenCalledTimes(1);
      expect(onRespond.mock.calls[0]?.[0]).toMatchObject({ action: 'accept' });
      expect(calls).toEqual([]);
    },
  );
});
