import { validateValues } from '@elicitation-kit/core';
import type { FieldDescriptor, FormValues, ValidateOptions, ValidationIssue } from '@elicitation-kit/core';
import { ErrorSchemaBuilder, validationDataMerge } from '@rjsf/utils';
import type {
  CustomValidator,
  ErrorSchema,
  RJSFValidationError,
  UiSchema,
  ValidationData,
  ValidatorType,
} from '@rjsf/utils';

const values = (formData: unknown): FormValues =>
  formData !== null && typeof formData === 'object' && !Array.isArray(formData) ? (formData as FormValues) : {};

/** One core issue as rjsf's error shape; `property` uses rjsf's accessor notation (`.name` / `['odd name']`). */
const toError = (issue: ValidationIssue, fields: readonly FieldDescriptor[]): RJSFValidationError => {
  const title = fields.find((field) => field.name === issue.field)?.label ?? issue.field;
  return {
    name: issue.code,
    property:
      issue.field === ''
        ? ''
        : /^[A-Za-z_$][\w$]*$/.test(issue.field)
          ? `.${issue.field}`
          : `[${JSON.stringify(issue.field)}]`,
    message: issue.message,
    params: { ...issue.params, field: issue.field },
    stack: title ? `${title}: ${issue.message}` : issue.message,
    title,
  };
};

/** Builds the error schema by field name (no path parsing, so names with dots or brackets stay one field). */
const toErrorSchema = (errors: readonly RJSFValidationError[]): ErrorSchema => {
  const builder = new ErrorSchemaBuilder();
  for (const error of errors) {
    const field = (error.params as { field?: unknown } | undefined)?.field;
    builder.addErrors(error.message ?? error.stack, typeof field === 'string' && field !== '' ? [field] : undefined);
  }
  return builder.ErrorSchema;
};

/**
 * rjsf's error handler for `customValidate`: `__errors` and `addError` at every node of the answers (as rjsf's
 * `createErrorHandler`; computed keys keep a field named `__proto__` an own property).
 */
const errorHandler = (data: unknown): any => {
  const errors: string[] = [];
  return Object.keys(data !== null && typeof data === 'object' ? data : {}).reduce(
    (node, key) => ({ ...node, [key]: errorHandler((data as Record<string, unknown>)[key]) }),
    { __errors: errors, addError: (message: string) => errors.push(message) },
  );
};

/** rjsf's `ValidatorType`, backed by core's `validateValues`. */
export type ElicitationValidator = ValidatorType;

/** rjsf's `customValidate` step. */
const runCustomValidate = (
  fields: readonly FieldDescriptor[],
  formData: unknown,
  customValidate: CustomValidator,
  uiSchema: UiSchema | undefined,
  result: ValidationData<any>,
): ValidationData<any> => {
  // Every field present (undefined when unanswered), as rjsf does, so customValidate can add errors to any field.
  const data: any = { ...Object.fromEntries(fields.map((field) => [field.name, undefined])), ...values(formData) };
  const handler = customValidate(data, errorHandler(data), uiSchema, result.errorSchema);
  // The error schema is the handler without its `addError` functions (JSON drops them; messages are strings).
  return validationDataMerge(result, JSON.parse(JSON.stringify(handler)));
};

/**
 * An rjsf `ValidatorType` whose only rule source is core's `validateValues` for the given fields: no ajv, no schema
 * compilation, no `eval` or `new Function`, so it works under a strict Content-Security-Policy.
 *
 * It is bound to one form: the `schema` rjsf passes in is not consulted (the dialog hands rjsf a schema derived from
 * the same fields). UI semantics apply, as in core: an empty string is unanswered, and a number field may hold the
 * text the user typed (`"12"`). `customValidate` and `transformErrors` work as with rjsf's own validators.
 */
export function createValidator(
  fields: readonly FieldDescriptor[],
  options: ValidateOptions = {},
): ElicitationValidator {
  const issues = (formData: unknown): ValidationIssue[] => validateValues(fields, values(formData), options);
  return {
    validateFormData(formData, _schema, customValidate, transformErrors, uiSchema): ValidationData<any> {
      let errors = issues(formData).map((issue) => toError(issue, fields));
      if (transformErrors) errors = transformErrors(errors, uiSchema);
      const result = { errors, errorSchema: toErrorSchema(errors) };
      return customValidate ? runCustomValidate(fields, formData, customValidate, uiSchema, result) : result;
    },
    isValid: (_schema, formData) => issues(formData).length === 0,
    rawValidation: <Result = ValidationIssue>(_schema: unknown, formData?: FormValues) => ({
      errors: issues(formData) as Result[],
    }),
  };
}
