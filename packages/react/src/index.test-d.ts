import type {
  ElicitationEntry,
  ElicitationQueue,
  ElicitResult,
  ParsedElicitation,
  PendingElicitation,
} from '@elicitation-kit/core';
import type { ComponentProps, Ref } from 'react';
import { describe, expectTypeOf, it } from 'vitest';
import { ElicitationDialog, useElicitationQueue } from './index.js';
import type { ElicitationDialogProps, ElicitationStrings } from './index.js';

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

  it("reads core's queue, keeping the entry type of the queue it is given", () => {
    expectTypeOf(useElicitationQueue).parameter(0).toExtend<ElicitationQueue>();
    expectTypeOf(useElicitationQueue).returns.toEqualTypeOf<readonly PendingElicitation[]>();
    type Tagged = PendingElicitation & { tag?: string };
    interface TaggedQueue extends ElicitationQueue {
      getSnapshot(): readonly Tagged[];
    }
    expectTypeOf(useElicitationQueue({} as TaggedQueue)).toEqualTypeOf<readonly Tagged[]>();
  });

  it("takes core's entry as the dialog's entry, a queue entry as is", () => {
    expectTypeOf<NonNullable<ElicitationDialogProps['entry']>>().toEqualTypeOf<ElicitationEntry>();
    expectTypeOf<PendingElicitation>().toExtend<ElicitationEntry>();
  });
});
