// The kit's own rjsf widgets, one per control core describes, registered under rjsf's widget names so a host theme's
// widgets replace them one for one. Each reads only rjsf's widget contract: the field's own `schema`, `value`,
// `required`, `disabled`, `autofocus`, `rawErrors`, `options.enumOptions` / `options.enumDisabled` /
// `options.inputType`, and the ids rjsf's helpers derive from `id`. No labels here: the field row renders them.
// With a host theme that has a `BaseInputTemplate`, the text-like and number fields render through it instead
// (`themeInputWidgets`), the way rjsf's own TextWidget does, with the kit's values and aria wiring.
import { toLocalDateTime } from '@elicitation-kit/core';
import { descriptionId, errorId, helpId } from '@rjsf/utils';
import type { ChangeEvent, ReactElement, RefObject } from 'react';
import type { EnumOptionsType, RegistryWidgetsType, RJSFSchema, WidgetProps } from '@rjsf/utils';
import { useRef } from 'react';
import { idList, part } from '../anatomy.js';
import { useBrowserLayoutEffect } from '../use-browser-layout-effect.js';

/** `aria-describedby` of a control: its error (read first), description and hint, only those rendered. */
export const describedBy = (props: WidgetProps): string | undefined =>
  idList(
    (props.rawErrors?.length ?? 0) > 0 && errorId(props.id),
    typeof props.schema.description === 'string' && descriptionId(props.id),
    typeof props.options['help'] === 'string' && helpId(props.id),
  );

/** What every control carries: id, name, state, validity and descriptions. */
const common = (props: WidgetProps) => ({
  id: props.id,
  name: props.htmlName ?? props.id,
  disabled: props.disabled === true,
  // A host theme's widget gets `autofocus` too: the kit moves focus to the first invalid field by remounting it.
  autoFocus: props.autofocus === true,
  'aria-invalid': (props.rawErrors?.length ?? 0) > 0 || undefined,
  'aria-describedby': describedBy(props),
});

/** A text-like value: the empty string means unanswered. */
const setText = (props: WidgetProps) => (event: { target: { value: string } }) =>
  props.onChange(event.target.value || undefined);

/**
 * Display only: a date-time value (an RFC 3339 server default) as the `datetime-local` text of the same instant in
 * the user's time zone (core's `toLocalDateTime`, the inverse of what `toContent` sends); text it cannot read as is.
 * The held value is unchanged until the user edits it.
 */
const toLocalInput = (value: string): string => toLocalDateTime(value) ?? value;

/** The input type core chose for a text-like field (`email`, `url`, `date`, `datetime-local`), else `text`. */
const inputTypeOf = (props: WidgetProps): string =>
  typeof props.options.inputType === 'string' ? props.options.inputType : 'text';

function TextWidget(props: WidgetProps): ReactElement {
  const type = inputTypeOf(props);
  const value = typeof props.value === 'string' ? props.value : '';
  return (
    <input
      {...common(props)}
      {...part('input')}
      type={type}
      required={props.required}
      value={type === 'datetime-local' ? toLocalInput(value) : value}
      onChange={setText(props)}
    />
  );
}

/** Held for a number input whose text the browser cannot parse, so core reports "not a number" instead of omitting it. */
const BAD_NUMBER = 'NaN';

/**
 * A number field's value as the input's text. Text a browser cannot parse reads as "" (badInput); leaving it "" keeps
 * what the user typed on screen.
 */
const numberText = (value: unknown): string =>
  typeof value === 'number' ? String(value) : typeof value === 'string' && value !== BAD_NUMBER ? value : '';

/** A number input's edit: its text, "not a number" for text the browser cannot parse, or unanswered when empty. */
const setNumber =
  (props: WidgetProps) =>
  ({ target }: ChangeEvent<HTMLInputElement>): void =>
    props.onChange(target.value !== '' ? target.value : target.validity.badInput ? BAD_NUMBER : undefined);

function NumberWidget(props: WidgetProps): ReactElement {
  const { schema } = props;
  const integer = schema.type === 'integer';
  return (
    <input
      {...common(props)}
      {...part('input')}
      type="number"
      inputMode={integer ? 'numeric' : 'decimal'}
      required={props.required}
      min={schema.minimum}
      max={schema.maximum}
      step={integer ? 1 : 'any'}
      value={numberText(props.value)}
      onChange={setNumber(props)}
    />
  );
}

function CheckboxWidget(props: WidgetProps): ReactElement {
  return (
    <input
      {...common(props)}
      {...part('checkbox')}
      type="checkbox"
      checked={props.value === true}
      onChange={(event) => props.onChange(event.target.checked)}
    />
  );
}

const optionsOf = (props: WidgetProps): readonly EnumOptionsType<RJSFSchema>[] => props.options.enumOptions ?? [];

function SelectWidget(props: WidgetProps): ReactElement {
  return (
    <select
      {...common(props)}
      {...part('select')}
      required={props.required}
      value={typeof props.value === 'string' ? props.value : ''}
      onChange={setText(props)}
    >
      <option value="">{props.placeholder}</option>
      {optionsOf(props).map((option) => (
        <option key={String(option.value)} value={String(option.value)}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/**
 * The choices of a multi-select, in the fieldset the field row gives it. `options.enumDisabled` holds the choices the
 * kit disables once `maxItems` are chosen; the value keeps the option order, whatever the click order.
 */
function CheckboxesWidget(props: WidgetProps): ReactElement {
  const chosen: readonly unknown[] = Array.isArray(props.value) ? props.value : [];
  const options = optionsOf(props);
  const disabled: readonly unknown[] = Array.isArray(props.options.enumDisabled) ? props.options.enumDisabled : [];
  const toggle = (value: unknown, on: boolean): void => {
    const next = on ? [...chosen, value] : chosen.filter((item) => item !== value);
    props.onChange(options.filter((option) => next.includes(option.value)).map((option) => option.value));
  };
  // Validity and descriptions sit on the fieldset the field row renders around these boxes.
  const { id, name, disabled: groupDisabled, autoFocus } = common(props);
  return (
    <>
      {options.map((option, index) => (
        <label key={String(option.value)} {...part('option')}>
          <input
            type="checkbox"
            id={`${id}-${index}`}
            name={name}
            value={String(option.value)}
            // oxlint-disable-next-line jsx-a11y/no-autofocus -- only set to move focus to the field the user must fix
            autoFocus={autoFocus && index === 0}
            checked={chosen.includes(option.value)}
            disabled={groupDisabled || disabled.includes(option.value)}
            onChange={(event) => toggle(option.value, event.target.checked)}
          />{' '}
          {option.label}
        </label>
      ))}
    </>
  );
}

/**
 * The kit's widgets under rjsf's names (what `generateWidgets()` of an rjsf theme returns): a host theme's widgets
 * spread over these replace them one for one.
 */
export const kitWidgets: RegistryWidgetsType = {
  TextWidget,
  EmailWidget: TextWidget,
  URLWidget: TextWidget,
  DateWidget: TextWidget,
  DateTimeWidget: TextWidget,
  UpDownWidget: NumberWidget,
  CheckboxWidget,
  SelectWidget,
  CheckboxesWidget,
};

/** Sets an attribute to `value`, or removes it when `value` is undefined (as React does for an undefined prop). */
function setAttribute(element: Element, name: string, value: string | undefined): void {
  if (value === undefined) element.removeAttribute(name);
  else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/** The element with `id` in the document (or shadow root) `node` is in: the control a theme rendered for a field. */
function elementById(node: Node | null, id: string): HTMLElement | null {
  const root = node?.getRootNode();
  return root !== undefined && 'getElementById' in root ? (root as Document | ShadowRoot).getElementById(id) : null;
}

/**
 * Puts the kit's wiring on the control a theme's `BaseInputTemplate` rendered (the element with the field's id), so
 * a themed input carries what the kit's own would: the same `aria-describedby` (only the texts rendered, error
 * first), `aria-invalid` while there is an error, and focus when remounted to take it. The template is the theme's
 * code and sets its own: rjsf's `ariaDescribedByIds` (MUI puts it on its wrapper, not on the input), `aria-invalid`
 * only if it chooses to (antd does not), and `autofocus` may be ignored (antd's is). React writes a prop to the DOM
 * only when the prop changes, so what the kit sets here after each of its renders stays until its next one.
 * Returns the ref of a hidden marker rendered next to the template, to find the control's document from.
 */
function useKitWiring(props: WidgetProps): RefObject<HTMLSpanElement | null> {
  const marker = useRef<HTMLSpanElement>(null);
  const { id, autofocus } = props;
  const invalid = (props.rawErrors?.length ?? 0) > 0;
  const described = describedBy(props);
  useBrowserLayoutEffect(() => {
    const control = elementById(marker.current, id);
    if (control === null) return;
    setAttribute(control, 'aria-invalid', invalid ? 'true' : undefined);
    setAttribute(control, 'aria-describedby', described);
  }, [id, invalid, described]);
  // The kit remounts a field with `autofocus` to move focus to it (fields.tsx); on mount only, like `autoFocus`.
  useBrowserLayoutEffect(() => {
    const control = elementById(marker.current, id);
    if (autofocus === true && control !== null && control.ownerDocument.activeElement !== control) control.focus();
  }, [id, autofocus]);
  return marker;
}

/**
 * A text-like field (text, email, URL, date, date-time) rendered by the registry's `BaseInputTemplate` (the host
 * theme's), as rjsf's own TextWidget does: with the input type core chose, a date-time shown in the user's time zone
 * (as the kit's own input shows it), and the empty string as unanswered (the template's `options.emptyValue`).
 * (rjsf reads the template with `getTemplate`, which differs only for a template named in the field's ui options:
 * the kit sets none.)
 */
function ThemedTextWidget(props: WidgetProps): ReactElement {
  const { BaseInputTemplate } = props.registry.templates;
  const marker = useKitWiring(props);
  const type = inputTypeOf(props);
  const value = typeof props.value === 'string' ? props.value : '';
  return (
    <>
      <BaseInputTemplate {...props} type={type} value={type === 'datetime-local' ? toLocalInput(value) : value} />
      <span hidden ref={marker} />
    </>
  );
}

/**
 * The field's schema without its range, for a theme's number input: core checks the range and says what is wrong
 * ("Seats must be at most 500."), while an input that enforces it itself drops or clamps what the user typed
 * (Ant Design's InputNumber ignores a typed 501, then sets 500 on blur).
 */
function withoutRange(schema: RJSFSchema): RJSFSchema {
  const unbounded = { ...schema };
  delete unbounded.minimum;
  delete unbounded.maximum;
  return unbounded;
}

/**
 * A number or integer field rendered by the registry's `BaseInputTemplate` (the host theme's). No `type` is given:
 * rjsf's `getInputProps` then makes it a number input with the step of its type (`any` or 1), as the kit's own input
 * has. Where the theme's input is a native one and reports its change event (MUI), text the browser cannot parse is
 * kept as "not a number", as with the kit's own input.
 */
function ThemedNumberWidget(props: WidgetProps): ReactElement {
  const { BaseInputTemplate } = props.registry.templates;
  const marker = useKitWiring(props);
  return (
    <>
      <BaseInputTemplate
        {...props}
        schema={withoutRange(props.schema)}
        value={numberText(props.value)}
        onChangeOverride={setNumber(props)}
      />
      <span hidden ref={marker} />
    </>
  );
}

/**
 * The widgets a host theme with a `BaseInputTemplate` gets for the text-like and number fields (rjsf's themes replace
 * few of these by name, and render the rest through that template): the theme's inputs, the kit's values and wiring.
 * A theme's own widget of the same name still replaces them (e.g. Ant Design's date pickers).
 */
export const themeInputWidgets: RegistryWidgetsType = {
  TextWidget: ThemedTextWidget,
  EmailWidget: ThemedTextWidget,
  URLWidget: ThemedTextWidget,
  DateWidget: ThemedTextWidget,
  DateTimeWidget: ThemedTextWidget,
  UpDownWidget: ThemedNumberWidget,
};
