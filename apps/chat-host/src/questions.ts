// The signed-in user's questions: the bridge's browser half, an `ElicitationQueue` whose entries live on the backend
// (each tagged with the id of the assistant message that asked). One per user: signing out closes it.
import { connectElicitationBridge } from '@elicitation-kit/bridge/browser';
import type { RemoteElicitationQueue } from '@elicitation-kit/bridge/browser';
import { publicSuffixList } from '@elicitation-kit/mcp/public-suffix';

let current: { user: string; queue: RemoteElicitationQueue } | undefined;

/** The queue of `user`'s questions (the same one on every call until another user signs in). */
export function questionsOf(user: string): RemoteElicitationQueue {
  if (current?.user !== user) {
    current?.queue.close();
    current = { user, queue: connectElicitationBridge({ url: '/api/elicitations', publicSuffixList }) };
  }
  return current.queue;
}

/** Ends the signed-out user's stream of questions. */
export function forgetQuestions(): void {
  current?.queue.close();
  current = undefined;
}
