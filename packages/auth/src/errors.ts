import {
  AuthorizationServerMismatchError,
  IssuerMismatchError,
  OAuthError,
  RegistrationRejectedError,
} from '@modelcontextprotocol/client';

/** Why a sign-in failed (the `code` of {@link McpSignInError}). */
export type McpSignInErrorCode =
  /** The callback had no `state` parameter. */
  | 'state_missing'
  /** No sign-in waits for this `state`: used already, expired, or never issued (a forged callback). */
  | 'state_unknown'
  /** The `state` belongs to a sign-in another user started. */
  | 'state_other_user'
  /** The authorization server sent `error` instead of a code (the user denied consent, or the request was refused). */
  | 'authorization_denied'
  /** The callback had neither `code` nor `error`. */
  | 'code_missing'
  /** The token endpoint refused the code (`invalid_grant`: expired, used already, or issued to another client). */
  | 'code_rejected'
  /** An `issuer` did not match (RFC 8414 §3.3 metadata echo, or the callback's `iss`, RFC 9207). */
  | 'issuer_mismatch'
  /** The code or a stored credential belongs to another authorization server than the one in use. */
  | 'authorization_server_mismatch'
  /** The protected resource metadata names another resource than the MCP server's URL (RFC 9728 §3.3). */
  | 'resource_mismatch'
  /** The authorization server metadata does not list PKCE `S256` in `code_challenge_methods_supported`. */
  | 'pkce_unsupported'
  /** The authorization server refused the dynamic client registration. */
  | 'registration_rejected'
  /** Any other failure of the OAuth flow (the message names the OAuth error code when there is one). */
  | 'sign_in_failed';

/**
 * A sign-in to an MCP server failed. `code` says why; `message` is written for a person and may quote strings from
 * the authorization server or the MCP server: render it as plain text.
 */
export class McpSignInError extends Error {
  /** Why the sign-in failed. */
  readonly code: McpSignInErrorCode;

  constructor(code: McpSignInErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'McpSignInError';
    this.code = code;
  }
}

/** The longest piece of a remote string quoted in an error message. */
const MAX_QUOTE = 200;

/** A remote string, cut to a readable length for an error message. */
export function quote(value: string | undefined): string {
  if (value === undefined) {
    return '(none)';
  }
  return JSON.stringify(value.length > MAX_QUOTE ? `${value.slice(0, MAX_QUOTE)}…` : value);
}

/** Turns a failure of the SDK's `auth()` into an {@link McpSignInError} with a message that names what went wrong. */
export function toSignInError(error: unknown, exchangingCode: boolean): McpSignInError {
  if (error instanceof McpSignInError) {
    return error;
  }
  if (error instanceof IssuerMismatchError) {
    const where =
      error.kind === 'authorization_response'
        ? "The callback's iss parameter (RFC 9207) does not name the authorization server the sign-in went to"
        : "The authorization server metadata's issuer does not match the URL it was fetched for (RFC 8414 §3.3)";
    return new McpSignInError(
      'issuer_mismatch',
      `${where}: expected ${quote(error.expected)}, got ${quote(error.received)}. The code was not redeemed.`,
      { cause: error },
    );
  }
  if (error instanceof AuthorizationServerMismatchError) {
    return new McpSignInError(
      'authorization_server_mismatch',
      `The sign-in started with authorization server ${quote(error.recordedIssuer)} but the MCP server now names ${quote(error.currentIssuer)}: sign in again.`,
      { cause: error },
    );
  }
  if (error instanceof RegistrationRejectedError) {
    return new McpSignInError(
      'registration_rejected',
      `The authorization server refused the dynamic client registration: ${quote(error.message)}.`,
      { cause: error },
    );
  }
  if (error instanceof OAuthError) {
    if (exchangingCode && error.code === 'invalid_grant') {
      return new McpSignInError(
        'code_rejected',
        `The authorization server refused the authorization code (invalid_grant: expired, used already, or issued to another client): ${quote(error.message)}.`,
        { cause: error },
      );
    }
    return new McpSignInError(
      'sign_in_failed',
      `The authorization server answered ${error.code}: ${quote(error.message)}.`,
      { cause: error },
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new McpSignInError('sign_in_failed', `Sign-in failed: ${quote(message)}.`, { cause: error });
}
