import type { ElicitResult, FormValues, ParsedElicitation } from '@elicitation-kit/core';
import type { ValidatorType } from '@rjsf/utils';
import type { ComponentProps, Ref } from 'react';
import { describe, expectTypeOf, it } from 'vitest';
import { createValidator, ElicitationDialog, useElicitationForm, useElicitationQueue } from './index.js';
import type { ElicitationDialogProps, ElicitationForm, ElicitationQueueSource, ElicitationStrings } from './index.js';

describe('public types', () => {
  it('types the dialog props after common.md', () => {
    expectTypeOf<ComponentProps<typeof ElicitationDialog>>().toMatchTypeOf<ElicitationDialogProps>();
    // Parts take a ref to the element they render (the root: <dialog>, or <section> inline).
    expectTypeOf<ComponentProps<typeof ElicitationDialog>['ref']>().toEqualTypeOf<Ref<HTMLElement> | undefined>();
    expectTypeOf<ElicitationDialogProps['presentation']>().toEqualTypeOf<'modal' | 'inline' | undefined>();
    expectTypeOf<ElicitationDialogProps['aria-label']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ElicitationDialogProps['request']>().toEqualTypeOf<ParsedElicitation | undefined>();
    expectTypeOf<ElicitationDialogProps['onRespond']>().parameter(0).toEqualTypeOf<ElicitResult>();
    expectTypeOf<ElicitationDialogProps['strings']>().toEqualTypeOf<Partial<ElicitationStrings> | undefined>();
    expectTypeOf<NonNullable<ElicitationDialogProps['server']>>().toMatchTypeOf<{
      name: string;
      title?: string;
      url?: string;
    }>();
  });

  it('infers the queue item type', () => {
    type Entry = { id: string };
    expectTypeOf(useElicitationQueue<Entry>)
      .parameter(0)
      .toEqualTypeOf<ElicitationQueueSource<Entry>>();
    expectTypeOf(useElicitationQueue<Entry>).returns.toEqualTypeOf<readonly Entry[]>();
  });

  it('returns an rjsf ValidatorType and headless form state', () => {
    expectTypeOf(createValidator).returns.toMatchTypeOf<ValidatorType>();
    expectTypeOf(useElicitationForm).returns.toEqualTypeOf<ElicitationForm>();
    expectTypeOf(useElicitationForm).parameter(0).toEqualTypeOf<ParsedElicitation>();
    expectTypeOf<ElicitationForm['values']>().toEqualTypeOf<Readonly<FormValues>>();
    expectTypeOf<ElicitationForm['session']['accept']>().returns.toMatchTypeOf<{ ok: boolean }>();
  });
});
