// What an interrupt made from an MCP elicitation carries besides AG-UI's own members, and what its resume carries back:
// written by the agent side (interrupts.ts), read by the UI side (interrupt-queue.ts). The one home of these names.
import type { ElicitationMode, ProtocolEra, ProtocolVersion } from '@elicitation-kit/core';

/** The `Interrupt.metadata` key under which the kit describes the MCP elicitation an interrupt stands for. */
export const ELICITATION_METADATA_KEY = 'io.elicitation-kit/mcp';

/** The `ResumeEntry.metadata` key under which the UI side says why it refused an interrupt (answered `cancelled`). */
export const REFUSAL_METADATA_KEY = 'io.elicitation-kit/refused';

/** The `reason` of every interrupt the kit makes: AG-UI's core reason for a value the run needs. */
export const INPUT_REQUIRED = 'input_required';

/**
 * `Interrupt.metadata["io.elicitation-kit/mcp"]`: the MCP elicitation behind an interrupt. A URL elicitation has no
 * `responseSchema`; its link is here.
 */
export interface ElicitationInterruptMetadata {
  /** The MCP server asking, as the backend's MCP adapter names it (shown in the dialog). */
  serverName: string;
  serverTitle?: string;
  /** Where the MCP server lives, when the backend knows it: the site a URL-mode link is compared with. */
  serverUrl?: string;
  mode: ElicitationMode;
  /** URL mode: the page to open. */
  url?: string;
  /** URL mode, 2025-11-25: the server's id of the out-of-band step. */
  elicitationId?: string;
  /** The MCP era of the request: decides whether a URL-mode dialog waits for "I'm done" (2025 eras). */
  era: ProtocolEra;
  /** The MCP revision the request was parsed with, when known. */
  protocolVersion?: ProtocolVersion;
  /** URL mode: the server asks again for a page the user already accepted (see core's `PendingElicitation`). */
  askedAgain?: true;
}

/** The `payload` of a resolved resume for an MCP elicitation: AG-UI puts denials in the payload. */
export type ElicitationResumePayload = { action: 'accept'; content?: Record<string, unknown> } | { action: 'decline' };
