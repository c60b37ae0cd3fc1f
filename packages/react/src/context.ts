'use client';
// What every part of one request's dialog shares: the session (values, issues, the single answer), the request, the
// asking server, the strings, the ids that tie the parts together, and the rjsf registry the fields render with.
import type {
  ElicitationEntry,
  ElicitationSession,
  ElicitationSessionSnapshot,
  ParsedElicitation,
} from '@elicitation-kit/core';
import type { Registry } from '@rjsf/utils';
import { createContext, useContext } from 'react';
import type { ElicitationStrings } from './strings.js';
import { useSessionSnapshot } from './use-elicitation-session.js';

// The entry the dialog takes is core's (one home): a queue entry as is, its id the request's identity, its era deciding
// whether URL mode waits for "I'm done", an aborted signal closing the dialog, `askedAgain` and `refused` said.
export type { ElicitationEntry } from '@elicitation-kit/core';

/** The server that asks, as the host knows it (an entry's `server`). Shown in the dialog title. */
export type ElicitationServer = ElicitationEntry['server'];

/**
 * How the parts are presented: `modal`, a native modal `<dialog>` over the page (the default), or `inline`, a
 * labelled region in the page flow (e.g. a card in a chat conversation).
 */
export type ElicitationPresentation = 'modal' | 'inline';

/** What the parts share; read it with {@link useElicitation} to build your own parts. */
export interface ElicitationContextValue {
  session: ElicitationSession;
  request: ParsedElicitation;
  server: ElicitationServer;
  strings: ElicitationStrings;
  pendingCount: number;
  presentation: ElicitationPresentation;
  /** URL mode: the server asks again for a page the user already accepted ({@link ElicitationEntry.askedAgain}). */
  askedAgain: boolean;
  /** Ids of the title, the message and the form (for `aria-*` and the submit button's `form`). */
  ids: { title: string; message: string; form: string };
  /** URL mode: the user chose Open (opens the page through `onOpenUrl`; answers per the era). */
  openUrl: () => void;
}

/** The shared state plus what only the kit's parts use. */
export interface InternalContext extends ElicitationContextValue {
  /** The Description part tells the root it is mounted (so `aria-describedby` never dangles). */
  describe: (on: boolean) => void;
  /** Reports the values after an edit (`onValuesChange`). */
  changed: () => void;
  /** The rjsf registry the fields render with: the kit's widgets and templates, with the host theme's widgets. */
  registry: Registry;
  /** Who renders the fields' labels (the theme's `labels`). */
  labels: 'kit' | 'widget';
  /** Whether the root is shown (open, unanswered, not withdrawn): the fields refocus their first invalid one on reopen. */
  shown: boolean;
  /** Why an earlier answer to this question was refused ({@link ElicitationEntry.refused}), shown with the warnings. */
  refused: string | undefined;
}

export const ElicitationContext = createContext<InternalContext | null>(null);

/** The context of the enclosing root; a part outside one throws a clear error (in production too). */
export function useParts(name: string): InternalContext {
  const context = useContext(ElicitationContext);
  if (context === null) {
    throw new Error(`<Elicitation.${name}> must be rendered inside <Elicitation.Root> (or <ElicitationDialog>).`);
  }
  return context;
}

/**
 * The dialog's shared state and the session's current snapshot, for custom parts inside `Elicitation.Root`. (It
 * re-renders on every change; a part that needs one slice reads it with `useSessionSnapshot(session, selector)`.)
 */
export function useElicitation(): ElicitationContextValue & { snapshot: ElicitationSessionSnapshot } {
  const context = useParts('useElicitation');
  const { session, request, server, strings, pendingCount, presentation, askedAgain, ids, openUrl } = context;
  return {
    session,
    request,
    server,
    strings,
    pendingCount,
    presentation,
    askedAgain,
    ids,
    openUrl,
    snapshot: useSessionSnapshot(session),
  };
}
