'use client';
import { findSensitiveFields, initialValues, toContent, validateValues } from '@elicitation-kit/core';
import type {
  ElicitContentValue,
  ElicitResult,
  FieldDescriptor,
  FormValues,
  ParsedElicitation,
  SensitiveField,
  ValidateOptions,
  ValidationIssue,
} from '@elicitation-kit/core';
import { useCallback, useMemo, useState } from 'react';

/** What {@link useElicitationForm} returns: everything a host needs to render its own controls. */
export interface ElicitationForm {
  /** Core's field descriptors, in property order (empty in URL mode). */
  fields: readonly FieldDescriptor[];
  /** Current values, pre-filled with the schema's defaults. */
  values: FormValues;
  /** Issues of the current values; empty until the first `submit()`, then kept live. */
  issues: readonly ValidationIssue[];
  /** The first issue message per field name (same visibility as `issues`). */
  errors: Readonly<Record<string, string>>;
  /** Secret-looking fields (core `findSensitiveFields`). */
  sensitive: readonly SensitiveField[];
  /** Sets one field's value (`undefined` = unanswered). */
  setValue: (name: string, value: ElicitContentValue | undefined) => void;
  /**
   * Validates. When valid, returns the answer to send (`{ action: 'accept', content }`, or no content in URL mode);
   * otherwise shows the issues and returns `undefined`.
   */
  submit: () => ElicitResult | undefined;
  /** Back to the defaults, issues hidden. */
  reset: () => void;
}

/**
 * Headless form state for a request, validated by core: for hosts that render their own controls from core's
 * descriptors instead of the dialog's rjsf form.
 */
export function useElicitationForm(request: ParsedElicitation, options: ValidateOptions = {}): ElicitationForm {
  const fields = request.mode === 'form' ? request.fields : NONE;
  const [state, setState] = useState(() => ({ request, values: initialValues(fields), checked: false }));
  // A new request starts over (state adjusted while rendering, as React recommends over an effect).
  const current = state.request === request ? state : { request, values: initialValues(fields), checked: false };
  if (current !== state) setState(current);
  const { values, checked } = current;
  const { messages } = options;
  const validate = useCallback(
    (input: FormValues) => validateValues(fields, input, messages ? { messages } : {}),
    [fields, messages],
  );
  const issues = useMemo(() => (checked ? validate(values) : []), [checked, values, validate]);
  const sensitive = useMemo(
    () => (request.mode === 'form' ? findSensitiveFields(request.requestedSchema) : []),
    [request],
  );
  const setValue = useCallback(
    (name: string, value: ElicitContentValue | undefined) =>
      setState((previous) => ({ ...previous, values: { ...previous.values, [name]: value } })),
    [],
  );
  const submit = useCallback((): ElicitResult | undefined => {
    if (request.mode === 'url') return { action: 'accept' };
    if (validate(values).length > 0) {
      setState((previous) => ({ ...previous, checked: true }));
      return undefined;
    }
    return { action: 'accept', content: toContent(fields, values) };
  }, [values, request, fields, validate]);
  const reset = useCallback(
    () => setState({ request, values: initialValues(fields), checked: false }),
    [request, fields],
  );
  const errors = useMemo(() => {
    const first: Record<string, string> = {};
    for (const issue of issues) first[issue.field] ??= issue.message;
    return first;
  }, [issues]);
  return { fields, values, issues, errors, sensitive, setValue, submit, reset };
}

const NONE: FieldDescriptor[] = [];
