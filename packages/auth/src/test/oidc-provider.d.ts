// The part of oidc-provider 9 (which ships no types) that the test fixture uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface StoredAccessToken {
    aud?: string | string[];
    scope?: string;
    clientId: string;
    exp: number;
    destroy(): Promise<void>;
  }

  interface StoredRefreshToken {
    destroy(): Promise<void>;
  }

  interface InteractionDetails {
    uid: string;
    prompt: { name: string; details: Record<string, unknown> };
    params: Record<string, string>;
    session?: { accountId: string };
    grantId?: string;
  }

  class Grant {
    constructor(init: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): void;
    AccessToken: { find(token: string): Promise<StoredAccessToken | undefined> };
    RefreshToken: { find(token: string): Promise<StoredRefreshToken | undefined> };
    Grant: typeof Grant;
  }

  export const errors: { InvalidTarget: new (description?: string) => Error };
  export default Provider;
}
