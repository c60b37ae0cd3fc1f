'use client';
// Form mode: the fields, each rendered by an rjsf widget (the kit's, or the host theme's under the same name) from
// the session: the session owns the values, the touched fields and the issues; a widget gets its value and its error
// as props and hands every edit straight back (`session.setValue`). Nothing else keeps a copy. Each row subscribes to
// its own slice of the session, so a keystroke re-renders one field.
import { fieldHints } from '@elicitation-kit/core';
import type { ElicitationSession, FieldDescriptor } from '@elicitation-kit/core';
import { descriptionId, errorId, helpId } from '@rjsf/utils';
import type { EnumOptionsType, Registry, RJSFSchema, UIOptionsType, WidgetProps } from '@rjsf/utils';
import { forwardRef, memo, useCallback, useMemo, useRef, useState } from 'react';
import type { ComponentPropsWithoutRef, ReactElement } from 'react';
import { flag, idList, part } from './anatomy.js';
import { composeEventHandlers } from './compose.js';
import { useParts } from './context.js';
import type { ElicitationStrings } from './strings.js';
import { useBrowserLayoutEffect } from './use-browser-layout-effect.js';
import { useSessionSnapshot } from './use-elicitation-session.js';
import { kitWidgets } from './rjsf/widgets.js';

/** The rjsf widget name for a field, as rjsf's own `getWidget` would choose it for the same schema. */
function widgetName(field: FieldDescriptor): string {
  switch (field.kind) {
    case 'text':
      return field.format === 'email'
        ? 'EmailWidget'
        : field.format === 'uri'
          ? 'URLWidget'
          : field.format === 'date'
            ? 'DateWidget'
            : field.format === 'date-time'
              ? 'DateTimeWidget'
              : 'TextWidget';
    case 'number':
      return 'UpDownWidget';
    case 'checkbox':
      return 'CheckboxWidget';
    case 'select':
      return 'SelectWidget';
    case 'multiselect':
      return 'CheckboxesWidget';
    default:
      return field satisfies never;
  }
}

/** What a field row needs that does not change while the user types. */
interface FieldRowProps {
  field: FieldDescriptor;
  /** The field's own property schema, as the server sent it (after core's checks). */
  schema: RJSFSchema;
  id: string;
  hint: string | undefined;
  session: ElicitationSession;
  registry: Registry;
  strings: ElicitationStrings;
  disabled: boolean;
  /** Bumped to move focus here (remounting the widget with `autofocus`). */
  focusAttempt: number;
  changed: () => void;
  /** Who renders the label: see `ElicitationTheme.labels`. */
  labels: 'kit' | 'widget';
}

const NO_OPTIONS: readonly EnumOptionsType<RJSFSchema>[] = [];
const ignore = (): void => {};

/** One field: label, the widget, description, hint and error, all plain text; its own slice of the session only. */
const FieldRow = memo(function FieldRow({
  field,
  schema,
  id,
  hint,
  session,
  registry,
  strings,
  disabled,
  focusAttempt,
  changed,
  labels,
}: FieldRowProps): ReactElement {
  const name = field.name;
  const value = useSessionSnapshot(session, (snapshot) => snapshot.values[name]);
  const error = useSessionSnapshot(session, (snapshot) =>
    Object.hasOwn(snapshot.errors, name) ? snapshot.errors[name] : undefined,
  );
  const onChange = useCallback(
    (next: unknown) => {
      session.setValue(name, next as never);
      changed();
    },
    [session, name, changed],
  );
  const enumOptions = useMemo(
    () =>
      field.kind === 'select' || field.kind === 'multiselect'
        ? field.options.map((option) => ({ value: option.value, label: option.label }))
        : NO_OPTIONS,
    [field],
  );
  const options: UIOptionsType = { enumOptions, emptyValue: undefined };
  if (hint !== undefined) options['help'] = hint;
  if (field.kind === 'text') options['inputType'] = field.inputType;
  if (field.kind === 'multiselect' && field.maxItems !== undefined) {
    // Once maxItems are chosen, the other choices are disabled (rjsf's enumDisabled: theme widgets honour it too).
    const chosen: readonly unknown[] = Array.isArray(value) ? value : [];
    if (chosen.length >= field.maxItems) {
      options.enumDisabled = field.options.map((option) => option.value).filter((choice) => !chosen.includes(choice));
    }
  }
  const invalid = error !== undefined;
  const Widget = registry.widgets[widgetName(field)]!;
  // The theme's widgets label themselves only when the host says so and the widget is the theme's.
  const widgetLabels = labels === 'widget' && Widget !== kitWidgets[widgetName(field)];
  const widgetProps: WidgetProps = {
    id,
    name,
    htmlName: name,
    schema,
    uiSchema: hint === undefined ? {} : { 'ui:help': hint },
    value,
    required: field.required,
    disabled,
    readonly: false,
    autofocus: focusAttempt > 0,
    // The row renders the label (plain text, with the text "required" marker), unless the theme's widgets do.
    label: field.label,
    hideLabel: !widgetLabels,
    multiple: field.kind === 'multiselect',
    placeholder: field.kind === 'select' ? strings.placeholder : '',
    options,
    rawErrors: invalid ? [error] : [],
    hideError: false,
    onChange,
    onBlur: ignore,
    onFocus: ignore,
    registry,
  };
  const widget = <Widget key={focusAttempt} {...widgetProps} />;
  const marked = field.required && field.kind !== 'checkbox';
  const required = marked && (
    <>
      {/* The space sits outside the span so every accessible-name algorithm keeps it. */}{' '}
      <span {...part('required')}>{strings.required}</span>
    </>
  );
  const label = field.kind !== 'multiselect' && !widgetLabels && (
    <label {...part('label')} htmlFor={id}>
      {field.label}
      {required}
    </label>
  );
  // As rjsf does for booleans, a checkbox that renders its own label renders its description too.
  const description = field.description !== undefined && !(widgetLabels && field.kind === 'checkbox');
  return (
    <div
      {...part('field')}
      data-kind={field.kind}
      data-name={name}
      data-invalid={flag(invalid)}
      data-required={flag(marked)}
    >
      {field.kind === 'multiselect' ? (
        <fieldset
          {...part('group')}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          // Named by the widget's own label when it renders one, else by the legend.
          {...(widgetLabels && { 'aria-label': field.label })}
          aria-describedby={idList(
            invalid && errorId(id),
            field.description !== undefined && descriptionId(id),
            hint !== undefined && helpId(id),
          )}
        >
          {!widgetLabels && (
            <legend {...part('label')}>
              {field.label}
              {required}
            </legend>
          )}
          {widget}
        </fieldset>
      ) : (
        <>
          {field.kind !== 'checkbox' && label}
          {widget}
          {field.kind === 'checkbox' && label}
        </>
      )}
      {description && (
        <p {...part('description')} id={descriptionId(id)}>
          {field.description}
        </p>
      )}
      {hint !== undefined && (
        <p {...part('hint')} id={helpId(id)}>
          {hint}
        </p>
      )}
      {invalid && (
        <p {...part('error')} id={errorId(id)}>
          {error}
        </p>
      )}
    </div>
  );
});

/** Props of {@link Fields}: those of the `<form>` it renders. */
export type FieldsProps = ComponentPropsWithoutRef<'form'>;

/**
 * Form mode: the `<form>` with one row per field (label, control, description, up-front hint, error). Accept submits
 * it: core validates; an invalid submit keeps the input, shows a message at each field and moves focus to the first
 * invalid one (by remounting its widget with `autofocus`, the rjsf contract: no DOM query). Renders nothing in URL
 * mode or when blocked. A host `onSubmit` runs first and can `preventDefault()` the kit's.
 */
export const Fields = forwardRef<HTMLFormElement, FieldsProps>(function Fields(props, ref) {
  const { session, request, strings, ids, registry, changed, shown, labels } = useParts('Fields');
  const answered = useSessionSnapshot(session, (snapshot) => snapshot.status === 'answered');
  const [focus, setFocus] = useState<{ name: string; attempt: number }>({ name: '', attempt: 0 });
  const fields = session.fields;
  const rows = useMemo(() => {
    const properties = request.mode === 'form' ? request.requestedSchema.properties : {};
    return fields.map((field, index) => {
      const hints = fieldHints(field).map(strings.hint);
      return {
        field,
        id: `${ids.form}-${index}`,
        schema: properties[field.name] as RJSFSchema,
        hint: hints.length > 0 ? hints.join(' ') : undefined,
      };
    });
  }, [fields, request, strings, ids.form]);
  const focusFirstInvalid = useCallback(() => {
    const first = session.getSnapshot().issues[0];
    if (first !== undefined) {
      setFocus((current) => ({ name: first.field, attempt: current.attempt + 1 }));
    }
  }, [session]);
  // Shown again with issues (a host hid it and showed it again): back to the first invalid field.
  const shownBefore = useRef(false);
  useBrowserLayoutEffect(() => {
    if (!shown) return;
    if (shownBefore.current) focusFirstInvalid();
    shownBefore.current = true;
  }, [shown, focusFirstInvalid]);
  if (request.mode !== 'form' || session.blocked) return null;
  return (
    <form
      ref={ref}
      {...part('form')}
      id={ids.form}
      noValidate
      {...props}
      onSubmit={composeEventHandlers(props.onSubmit, (event) => {
        event.preventDefault();
        const outcome = session.accept();
        if (!outcome.ok && outcome.reason === 'invalid') focusFirstInvalid();
      })}
    >
      <div {...part('fields')}>
        {rows.map((row) => (
          <FieldRow
            key={row.field.name}
            {...row}
            session={session}
            registry={registry}
            strings={strings}
            disabled={answered}
            focusAttempt={focus.name === row.field.name ? focus.attempt : 0}
            changed={changed}
            labels={labels}
          />
        ))}
      </div>
    </form>
  );
});
