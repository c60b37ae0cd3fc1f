import { toLocalDateTime } from '@elicitation-kit/core';
import type { FieldDescriptor, MultiSelectField } from '@elicitation-kit/core';
import type {
  FieldTemplateProps,
  ObjectFieldTemplateProps,
  RegistryWidgetsType,
  RJSFSchema,
  TemplatesType,
  UiSchema,
  WidgetProps,
} from '@rjsf/utils';
import type { ReactElement, ReactNode } from 'react';
import { flag, ids, part } from '../parts.js';
import type { ElicitationStrings } from '../strings.js';

/** What the templates and widgets read from rjsf's `formContext`. */
export interface ElicitationFormContext {
  strings: ElicitationStrings;
  /** Each field's up-front hints (core's `fieldHints`, worded by the strings), by field name. */
  hints: ReadonlyMap<string, readonly string[]>;
}

const descriptor = (options: Record<string, unknown> | undefined): FieldDescriptor | undefined =>
  options?.field as FieldDescriptor | undefined;

const contextOf = (props: Pick<WidgetProps, 'registry'>): ElicitationFormContext =>
  props.registry.formContext as ElicitationFormContext;

const NO_HINTS: readonly string[] = [];
const hintsOf = (field: FieldDescriptor, context: ElicitationFormContext): readonly string[] =>
  context.hints.get(field.name) ?? NO_HINTS;

/** `aria-describedby` of a control: its error (read first, as rjsf orders it), description and hint, when rendered. */
const describedBy = (
  id: string,
  field: FieldDescriptor,
  context: ElicitationFormContext,
  invalid: boolean,
): string | undefined =>
  ids(
    invalid && `${id}__error`,
    field.description !== undefined && `${id}__description`,
    hintsOf(field, context).length > 0 && `${id}__hint`,
  );

type Field<Kind> = Extract<FieldDescriptor, { kind: Kind }>;

/**
 * The widget of one kind of field: renders with the field's descriptor (from `ui:options.field`), the control's common
 * attributes (id, validity, descriptions) and the strings; nothing for a field of another kind.
 */
const widget =
  <Kind extends FieldDescriptor['kind']>(
    kind: Kind,
    render: (
      props: WidgetProps,
      field: Field<Kind>,
      attributes: Attributes,
      strings: ElicitationStrings,
    ) => ReactElement,
  ) =>
  (props: WidgetProps): ReactElement | null => {
    const field = descriptor(props.options);
    if (field?.kind !== kind) return null;
    const invalid = (props.rawErrors?.length ?? 0) > 0;
    const context = contextOf(props);
    const attributes = {
      id: props.id,
      name: props.id,
      disabled: props.disabled,
      'aria-invalid': invalid || undefined,
      'aria-describedby': describedBy(props.id, field, context, invalid),
    };
    return render(props, field as Field<Kind>, attributes, context.strings);
  };

interface Attributes {
  id: string;
  name: string;
  disabled: boolean | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A text-like value: the empty string means unanswered. */
const setText = (props: WidgetProps) => (event: { target: { value: string } }) =>
  props.onChange(event.target.value || undefined);

// The space sits outside the span so every accessible-name algorithm keeps it.
const Required = ({ strings }: { strings: ElicitationStrings }): ReactElement => (
  <>
    {' '}
    <span {...part('required')}>{strings.required}</span>
  </>
);

/**
 * Display only: a date-time value (an RFC 3339 server default) as the `datetime-local` text of the same instant in
 * the user's time zone (core's `toLocalDateTime`, the inverse of what `toContent` sends); text it cannot read as is.
 * The held value is unchanged until the user edits it.
 */
const toLocalInput = (value: string): string => toLocalDateTime(value) ?? value;

const TextWidget = widget('text', (props, field, attributes) => {
  const value = typeof props.value === 'string' ? props.value : '';
  return (
    <input
      {...attributes}
      {...part('input')}
      type={field.inputType}
      required={field.required}
      value={field.inputType === 'datetime-local' ? toLocalInput(value) : value}
      onChange={setText(props)}
    />
  );
});

const NumberWidget = widget('number', (props, field, attributes) => {
  const { value } = props;
  return (
    <input
      {...attributes}
      {...part('input')}
      type="number"
      inputMode={field.integer ? 'numeric' : 'decimal'}
      required={field.required}
      min={field.minimum}
      max={field.maximum}
      step={field.step ?? 'any'}
      // Text a browser cannot parse reads as "" (badInput); leaving it "" keeps what the user typed on screen.
      value={typeof value === 'number' ? String(value) : typeof value === 'string' && value !== BAD_NUMBER ? value : ''}
      onChange={({ target }) =>
        props.onChange(target.value !== '' ? target.value : target.validity.badInput ? BAD_NUMBER : undefined)
      }
    />
  );
});

/** Held for a number input whose text the browser cannot parse, so core reports "not a number" instead of omitting it. */
const BAD_NUMBER = 'NaN';

const CheckboxWidget = widget('checkbox', (props, _field, attributes) => (
  <input
    {...attributes}
    {...part('checkbox')}
    type="checkbox"
    checked={props.value === true}
    onChange={(event) => props.onChange(event.target.checked)}
  />
));

const SelectWidget = widget('select', (props, field, attributes, strings) => (
  <select
    {...attributes}
    {...part('select')}
    required={field.required}
    value={typeof props.value === 'string' ? props.value : ''}
    onChange={setText(props)}
  >
    <option value="">{strings.placeholder}</option>
    {field.options.map((option) => (
      <option key={option.value} value={option.value}>
        {option.label}
      </option>
    ))}
  </select>
));

/** A checkbox group in a fieldset with a legend; once `maxItems` are chosen, the other boxes are disabled. */
const MultiSelectWidget = widget('multiselect', (props, field, { id, disabled, ...group }, strings) => {
  const chosen: readonly unknown[] = Array.isArray(props.value) ? props.value : [];
  const full = field.maxItems !== undefined && chosen.length >= field.maxItems;
  const toggle = (value: string, on: boolean): void =>
    props.onChange(pick(field, on ? [...chosen, value] : chosen.filter((item) => item !== value)));
  return (
    <fieldset {...group} {...part('group')} id={id} name={undefined} disabled={disabled}>
      <legend {...part('label')}>
        {field.label}
        {field.required && <Required strings={strings} />}
      </legend>
      {field.options.map((option, index) => {
        const checked = chosen.includes(option.value);
        return (
          <label key={option.value} {...part('option')}>
            <input
              type="checkbox"
              id={`${id}-${index}`}
              name={id}
              value={option.value}
              checked={checked}
              disabled={!checked && full}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />{' '}
            {option.label}
          </label>
        );
      })}
    </fieldset>
  );
});

/** Keeps the option order, whatever the click order. */
const pick = (field: MultiSelectField, chosen: readonly unknown[]): string[] =>
  field.options.filter((option) => chosen.includes(option.value)).map((option) => option.value);

/**
 * Wraps one field: label (with a text "required" marker), control, description, hint and error, all plain text.
 * The multi-select renders its own legend; the checkbox puts its label after the box.
 */
function FieldTemplate(props: FieldTemplateProps): ReactElement {
  const field = descriptor(props.uiSchema?.['ui:options']);
  if (!field) return props.children;
  const { id } = props;
  const context = contextOf(props);
  const { strings } = context;
  const errors = props.rawErrors ?? [];
  const hints = hintsOf(field, context);
  const marked = field.required && field.kind !== 'checkbox';
  const label: ReactNode = field.kind !== 'multiselect' && (
    <label {...part('label')} htmlFor={id}>
      {field.label}
      {marked && <Required strings={strings} />}
    </label>
  );
  return (
    <div
      {...part('field')}
      data-kind={field.kind}
      data-name={field.name}
      data-invalid={flag(errors.length)}
      data-required={flag(marked)}
    >
      {field.kind !== 'checkbox' && label}
      {props.children}
      {field.kind === 'checkbox' && label}
      {field.description !== undefined && (
        <p {...part('description')} id={`${id}__description`}>
          {field.description}
        </p>
      )}
      {hints.length > 0 && (
        <p {...part('hint')} id={`${id}__hint`}>
          {hints.join(' ')}
        </p>
      )}
      {errors.length > 0 && (
        <p {...part('error')} id={`${id}__error`}>
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}

function ObjectFieldTemplate(props: ObjectFieldTemplateProps): ReactElement {
  return <div {...part('fields')}>{props.properties.map((property) => property.content)}</div>;
}

/** rjsf widgets, one per core `ControlKind`. */
export const widgets: RegistryWidgetsType = {
  text: TextWidget,
  number: NumberWidget,
  checkbox: CheckboxWidget,
  select: SelectWidget,
  multiselect: MultiSelectWidget,
};

/** rjsf templates: plain-text labels and descriptions (never rjsf's markdown-capable ones), errors at each field. */
export const templates: Partial<TemplatesType> = { FieldTemplate, ObjectFieldTemplate };

/**
 * The schema and uiSchema rjsf renders, derived from core's descriptors. rjsf sees plain types only (no enum, oneOf,
 * bounds or defaults), so it never computes defaults or resolves alternatives itself: core's descriptors drive each
 * widget (through `ui:options.field`), core's `initialValues` pre-fill and core's `validateValues` validates.
 */
export function toRjsfForm(fields: readonly FieldDescriptor[]): { schema: RJSFSchema; uiSchema: UiSchema } {
  // fromEntries defines own keys, so even a property named `__proto__` stays a plain field.
  const properties: Record<string, RJSFSchema> = Object.fromEntries(
    fields.map((field) => [
      field.name,
      field.kind === 'checkbox'
        ? { type: 'boolean' }
        : field.kind === 'multiselect'
          ? { type: 'array', items: { type: 'string' } }
          : { type: 'string' },
    ]),
  );
  const uiSchema: UiSchema = Object.fromEntries(
    fields.map((field) => [field.name, { 'ui:widget': field.kind, 'ui:options': { field } }]),
  );
  uiSchema['ui:submitButtonOptions'] = { norender: true };
  return { schema: { type: 'object', properties }, uiSchema };
}
