// The signed-in user's questions: the bridge's browser half, an `ElicitationQueue` whose entries live on the backend
// (each tagged with the id of the assistant message that asked). One per user: signing out closes it.
import { connectElicitationBridge } from '@elicitation-kit/bridge/browser';
import type { RemoteElicitation, RemoteElicitationQueue } from '@elicitation-kit/bridge/browser';
import type { PublicSuffixList } from '@elicitation-kit/core';
import { dropDraft } from './drafts.js';

/**
 * The real Public Suffix List (tldts, ~137 KB min), loaded when the first URL-mode question arrives: the dynamic import
 * makes it a chunk of its own, which the start page and form questions never load.
 */
const loadPublicSuffixList = (): Promise<PublicSuffixList> =>
  import('@elicitation-kit/mcp/public-suffix').then((module) => module.publicSuffixList);

/** Whether a question that left for `why` may come back from another process: a durable round's, lost with its process. */
const mayComeBack = (entry: RemoteElicitation, why: string): boolean => why === 'lost' && entry.roundKey !== undefined;

let current: { user: string; queue: RemoteElicitationQueue } | undefined;

/** The queue of `user`'s questions (the same one on every call until another user signs in). */
export function questionsOf(user: string): RemoteElicitationQueue {
  if (current?.user !== user) {
    current?.queue.close();
    current = {
      user,
      queue: connectElicitationBridge({
        url: '/api/elicitations',
        publicSuffixList: loadPublicSuffixList,
        // A question's draft goes once the backend has its answer, or once it is gone for good. One that moved to
        // another backend process comes back (same round key) and keeps it; so may a durable one whose process died
        // (`lost`, before or when answered: another process takes its round over). Closing (signing out) forgets what
        // this user typed.
        onEvent: (event) => {
          if (
            event.type === 'answered' ||
            (event.type === 'withdrawn' && event.reason !== 'moved' && !mayComeBack(event.entry, event.reason)) ||
            (event.type === 'refused' && !event.kept && !mayComeBack(event.entry, event.error.error))
          ) {
            dropDraft(user, event.entry);
          }
        },
      }),
    };
  }
  return current.queue;
}

/** Ends the signed-out user's stream of questions. */
export function forgetQuestions(): void {
  current?.queue.close();
  current = undefined;
}
