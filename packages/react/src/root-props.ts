// The props of `Elicitation.Root`, in a module of their own: the root and both presentations (modal-root.tsx,
// inline-root.tsx, use-elicitation-root.ts) read them, and the root imports those modules.
import type { ElicitResult, FormValues, ParsedElicitation, ProtocolEra } from '@elicitation-kit/core';
import type { ComponentPropsWithoutRef, ReactNode, RefObject } from 'react';
import type { ElicitationEntry, ElicitationPresentation, ElicitationServer } from './context.js';
import type { ElicitationTheme } from './rjsf/registry.js';
import type { ElicitationStrings } from './strings.js';

interface RootBaseProps {
  /** Called exactly once per request with the user's answer. */
  onRespond: (result: ElicitResult) => void;
  /** Controlled visibility. Hiding does not answer. */
  open?: boolean;
  /** Uncontrolled initial visibility, for each request. @default true */
  defaultOpen?: boolean;
  /** Called when the kit changes the visibility: `false` when the request was answered or withdrawn. */
  onOpenChange?: (open: boolean) => void;
  /**
   * `modal`: a native modal `<dialog>` over the page (inert background, Escape = cancel). `inline`: a labelled region
   * in the page flow, e.g. a card in a chat; focus moves to it once when it appears, there is no focus trap, and
   * Escape does not answer. @default 'modal'
   */
  presentation?: ElicitationPresentation;
  /** Replacement strings (i18n). */
  strings?: Partial<ElicitationStrings>;
  /** Offer only Decline and Cancel when a form asks for secret-looking fields. @default false */
  blockSensitive?: boolean;
  /** Requests waiting behind this one, shown in the header. @default 0 */
  pendingCount?: number;
  /** Element to focus when shown, instead of the first field (or `[data-autofocus]`, or the inline region). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Modal: cancel when the user clicks the backdrop. Off by default: it would throw away typed input. @default false */
  closeOnInteractOutside?: boolean;
  /**
   * Opens the page of a URL-mode request after the user chose "Open". Defaults to a new top-level tab:
   * `window.open(href, '_blank', 'noopener,noreferrer')`. Never use an iframe.
   */
  onOpenUrl?: (href: string) => void;
  /** Called with the form's values after each edit (form mode). Not an answer: only `onRespond` answers. */
  onValuesChange?: (values: FormValues) => void;
  /**
   * Values the form starts from instead of the request's defaults (form mode): a draft the host kept across a reload,
   * or the bridge's `entry.draft` of a question moved to another process. Checked like typed values; a refused
   * answer's values (`entry.refused`) win. Read when the request is first shown.
   */
  defaultValues?: FormValues;
  /**
   * An rjsf theme (e.g. `import { Theme } from '@rjsf/mui'`): its widgets render the controls; the kit keeps the
   * labels, descriptions, hints and errors (plain text), core's validation and the accessibility wiring.
   */
  theme?: ElicitationTheme;
}

/** What the request is: a queue `entry` as is, or a `request` with its `server` (and `era`). */
export type ElicitationSource =
  | { entry: ElicitationEntry; request?: never; server?: never; era?: never }
  | { entry?: never; request: ParsedElicitation; server: ElicitationServer; era?: ProtocolEra };

/** The options of `Elicitation.Root` and of `<ElicitationDialog>`. */
export type ElicitationOptions = RootBaseProps & ElicitationSource;

/**
 * Props of `Elicitation.Root`: the options, the props of the element it renders (`<dialog>`, or `<section>` inline;
 * `className`, `style`, `aria-*`, handlers: the host's run first) and the parts as `children`, in any layout.
 */
export type RootProps = ElicitationOptions & RootElementProps;

/** The props of the root's element, for both presentations (the `<dialog>`'s events do nothing inline). */
export type RootElementProps = Omit<ComponentPropsWithoutRef<'dialog'>, keyof RootBaseProps | 'children' | 'open'> & {
  children?: ReactNode;
};
