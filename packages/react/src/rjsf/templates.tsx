// The kit's rjsf templates that a widget can reach: a plain-text description (never rjsf's markdown-capable
// RichDescription) and a plain input for theme widgets given without their theme's templates.
import type { BaseInputTemplateProps, DescriptionFieldProps, TemplatesType } from '@rjsf/utils';
import type { ReactElement } from 'react';
import { part } from '../anatomy.js';
import { describedBy } from './widgets.js';

/** A field's description as plain text (server text: no markdown, no HTML). */
function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps): ReactElement | null {
  if (typeof description !== 'string' || description === '') return null;
  return (
    <p {...part('description')} id={id}>
      {description}
    </p>
  );
}

/** A plain `<input>` of the given type, for theme widgets that render through `BaseInputTemplate`. */
function BaseInputTemplate(props: BaseInputTemplateProps): ReactElement {
  const { id, htmlName, type, value, required, disabled, readonly, autofocus, rawErrors, onChange, options } = props;
  return (
    <input
      {...part('input')}
      id={id}
      name={htmlName ?? id}
      type={type ?? 'text'}
      value={value === undefined || value === null ? '' : String(value)}
      required={required}
      disabled={disabled || readonly}
      // oxlint-disable-next-line jsx-a11y/no-autofocus -- only set to move focus to the field the user must fix
      autoFocus={autofocus}
      aria-invalid={(rawErrors?.length ?? 0) > 0 || undefined}
      aria-describedby={describedBy(props)}
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
    />
  );
}

/** The kit's templates in a registry (rjsf's names). */
export const kitTemplates = {
  DescriptionFieldTemplate,
  BaseInputTemplate,
  ButtonTemplates: {},
} satisfies Partial<Omit<TemplatesType, 'ButtonTemplates'>> & { ButtonTemplates: object };
