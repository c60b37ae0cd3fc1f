// Type-level tests of the public types (vitest expectTypeOf; checked by `tsc -b packages/core/tsconfig.test.json`).
import { describe, expectTypeOf, it } from 'vitest';
import {
  INVALID_PARAMS,
  analyzeUrl,
  initialValues,
  issueMessages,
  parseElicitation,
  parseRequestedSchema,
  toContent,
  validateContent,
  validateValues,
  type CheckboxField,
  type ContentValidation,
  type ElicitContent,
  type ElicitResult,
  type ElicitationError,
  type FieldDescriptor,
  type FormValues,
  type IssueCode,
  type IssueMessageFormatter,
  type MultiSelectField,
  type NumberField,
  type ParseResult,
  type ParsedElicitation,
  type ParsedFormElicitation,
  type ParsedUrlElicitation,
  type SelectField,
  type TextField,
  type UrlAnalysis,
  type ValidationIssue,
} from './index.js';

describe('public types', () => {
  it('ParseResult narrows on ok, and the request on mode', () => {
    const result = parseElicitation({});
    expectTypeOf(result).toEqualTypeOf<ParseResult>();
    if (result.ok) {
      expectTypeOf(result.request).toEqualTypeOf<ParsedElicitation>();
      if (result.request.mode === 'form') {
        expectTypeOf(result.request).toEqualTypeOf<ParsedFormElicitation>();
        expectTypeOf(result.request.fields).toEqualTypeOf<FieldDescriptor[]>();
      } else {
        expectTypeOf(result.request).toEqualTypeOf<ParsedUrlElicitation>();
        expectTypeOf(result.request.link).toEqualTypeOf<UrlAnalysis>();
        expectTypeOf(result.request.elicitationId).toEqualTypeOf<string | undefined>();
      }
    } else {
      expectTypeOf(result.error).toEqualTypeOf<ElicitationError>();
      expectTypeOf(result.error.code).toEqualTypeOf<-32602>();
    }
    expectTypeOf(INVALID_PARAMS).toEqualTypeOf<-32602>();
  });

  it('ElicitResult carries content only on accept', () => {
    const answer = { action: 'accept', content: { a: 1 } } as ElicitResult;
    if (answer.action === 'accept') expectTypeOf(answer.content).toEqualTypeOf<ElicitContent | undefined>();
    else expectTypeOf(answer).not.toHaveProperty('content');
    expectTypeOf<{ action: 'dismiss' }>().not.toExtend<ElicitResult>();
    expectTypeOf<{ action: 'cancel' }>().toExtend<ElicitResult>();
  });

  it('FieldDescriptor discriminates on kind', () => {
    const field = {} as FieldDescriptor;
    switch (field.kind) {
      case 'text':
        expectTypeOf(field).toEqualTypeOf<TextField>();
        expectTypeOf(field.default).toEqualTypeOf<string | undefined>();
        break;
      case 'number':
        expectTypeOf(field).toEqualTypeOf<NumberField>();
        expectTypeOf(field.default).toEqualTypeOf<number | undefined>();
        break;
      case 'checkbox':
        expectTypeOf(field).toEqualTypeOf<CheckboxField>();
        break;
      case 'select':
        expectTypeOf(field).toEqualTypeOf<SelectField>();
        expectTypeOf(field.options[0]!.value).toEqualTypeOf<string>();
        break;
      case 'multiselect':
        expectTypeOf(field).toEqualTypeOf<MultiSelectField>();
        expectTypeOf(field.default).toEqualTypeOf<string[] | undefined>();
        break;
      default:
        expectTypeOf(field).toBeNever();
    }
  });

  it('functions have the agreed signatures', () => {
    expectTypeOf(initialValues).returns.toEqualTypeOf<FormValues>();
    expectTypeOf(validateValues).returns.toEqualTypeOf<ValidationIssue[]>();
    expectTypeOf(toContent).returns.toEqualTypeOf<ElicitContent>();
    expectTypeOf(validateContent).returns.toEqualTypeOf<ContentValidation>();
    expectTypeOf(validateContent).parameter(0).toBeUnknown();
    expectTypeOf(analyzeUrl).returns.toEqualTypeOf<UrlAnalysis>();
    expectTypeOf(issueMessages).toEqualTypeOf<Record<IssueCode, IssueMessageFormatter>>();
    const parsed = parseRequestedSchema({});
    if (parsed.ok) expectTypeOf(parsed.fields).toEqualTypeOf<FieldDescriptor[]>();
    else expectTypeOf(parsed.error).toEqualTypeOf<ElicitationError>();
  });

  it('ContentValidation narrows on ok', () => {
    const checked = {} as ContentValidation;
    if (checked.ok) expectTypeOf(checked.content).toEqualTypeOf<ElicitContent>();
    else expectTypeOf(checked.issues).toEqualTypeOf<ValidationIssue[]>();
  });
});
