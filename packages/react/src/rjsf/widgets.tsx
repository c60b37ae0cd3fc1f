// The kit's own rjsf widgets, one per control core describes, registered under rjsf's widget names so a host theme's
// widgets replace them one for one. Each reads only rjsf's widget contract: the field's own `schema`, `value`,
// `required`, `disabled`, `autofocus`, `rawErrors`, `options.enumOptions` / `options.enumDisabled` /
// `options.inputType`, and the ids rjsf's helpers derive from `id`. No labels here: the field row renders them.
import { toLocalDateTime } from '@elicitation-kit/core';
import { descriptionId, errorId, helpId } from '@rjsf/utils';
import type { EnumOptionsType, RegistryWidgetsType, RJSFSchema, WidgetProps } from '@rjsf/utils';
import type { ReactElement } from 'react';
import { idList, part } from '../anatomy.js';

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

function TextWidget(props: WidgetProps): ReactElement {
  const type = typeof props.options.inputType === 'string' ? props.options.inputType : 'text';
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

function NumberWidget(props: WidgetProps): ReactElement {
  const { value, schema } = props;
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
      // Text a browser cannot parse reads as "" (badInput); leaving it "" keeps what the user typed on screen.
      value={typeof value === 'number' ? String(value) : typeof value === 'string' && value !== BAD_NUMBER ? value : ''}
      onChange={({ target }) =>
        props.onChange(target.value !== '' ? target.value : target.validity.badInput ? BAD_NUMBER : undefined)
      }
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
