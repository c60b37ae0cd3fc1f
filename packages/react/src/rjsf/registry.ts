// The rjsf registry the dialog's fields render with, built from rjsf's public contract (`Registry`, the widget and
// template names, `englishStringTranslator`) instead of rjsf's `Form`: `Form` imports rjsf's whole default registry
// (markdown-to-jsx, and fast-uri through its schema utilities) whatever is passed to it. The kit renders each field
// itself from core's descriptors, so rjsf's field layer (SchemaField, ObjectField: ~22 KB min+gz, deciding each
// field's widget a second time from the schema) and its schema utilities are not part of this registry.
import { englishStringTranslator } from '@rjsf/utils';
import type { Registry, RegistryWidgetsType, RJSFSchema, SchemaUtilsType, TemplatesType } from '@rjsf/utils';
import { kitTemplates } from './templates.js';
import { kitWidgets, themeInputWidgets } from './widgets.js';

/**
 * An rjsf theme, or the parts of one the dialog uses: its `widgets` (by rjsf's names: `TextWidget`, `SelectWidget`,
 * `CheckboxesWidget`, …) and its `templates`, of which only `BaseInputTemplate` and `ButtonTemplates` (what theme
 * widgets render inputs and buttons with) are taken: labels, descriptions, hints and errors stay the kit's, as plain
 * text. An rjsf theme package's `Theme` export fits as is.
 * @example
 * import { Theme as MuiTheme } from '@rjsf/mui';
 * <ElicitationDialog theme={MuiTheme} … />
 */
export interface ElicitationTheme {
  widgets?: RegistryWidgetsType;
  /**
   * Who renders each field's label. `kit` (the default): the kit's `<label>` above the control, with its text
   * "(required)" marker, for themes whose widgets render none (their FieldTemplate would: e.g. `@rjsf/antd`).
   * `widget`: the theme's widgets, given the label as a plain string (`hideLabel: false`), for themes whose widgets
   * label themselves (e.g. `@rjsf/mui`, whose select is labelled only by its own label). Either way the label is
   * the server's title as text. @default 'kit'
   */
  labels?: 'kit' | 'widget';
  templates?: Partial<Omit<TemplatesType, 'ButtonTemplates'>> & {
    ButtonTemplates?: Partial<TemplatesType['ButtonTemplates']>;
  };
}

const noSchemaUtils = (): never => {
  throw new Error(
    "The elicitation dialog renders rjsf widgets without rjsf's schema utilities (core already resolved the restricted schema): a widget that calls registry.schemaUtils is not supported.",
  );
};

/**
 * A registry for one form: the kit's widgets with the theme's spread over them, the kit's plain-text templates with
 * the theme's input and button templates, rjsf's English strings for what theme widgets say themselves.
 */
export function createRegistry(
  rootSchema: RJSFSchema,
  idPrefix: string,
  theme: ElicitationTheme | undefined,
): Registry {
  const templates = {
    ...kitTemplates,
    ...(theme?.templates?.BaseInputTemplate !== undefined && { BaseInputTemplate: theme.templates.BaseInputTemplate }),
    ButtonTemplates: { ...kitTemplates.ButtonTemplates, ...theme?.templates?.ButtonTemplates },
  };
  return {
    // The kit renders no rjsf fields (see above); widgets never render fields.
    fields: {},
    // A theme's BaseInputTemplate renders the text-like and number fields; its own widgets replace any by name.
    widgets: {
      ...kitWidgets,
      ...(theme?.templates?.BaseInputTemplate !== undefined && themeInputWidgets),
      ...theme?.widgets,
    },
    // The templates a widget can reach; rjsf's field-level templates (arrays, objects, …) are not part of this form.
    templates: templates as unknown as TemplatesType,
    formContext: {},
    rootSchema,
    get schemaUtils(): SchemaUtilsType {
      return noSchemaUtils();
    },
    translateString: englishStringTranslator,
    globalFormOptions: { idPrefix, idSeparator: '_', useFallbackUiForUnsupportedType: false },
    globalUiOptions: {},
  } as Registry;
}
