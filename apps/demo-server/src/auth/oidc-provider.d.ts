// The part of oidc-provider 9 (which ships no types) that the demo's authorization server uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): void;
  }

  export const errors: { InvalidTarget: new (description?: string) => Error };
}
