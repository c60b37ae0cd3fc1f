// The scopes of the demo server's protected endpoint (one home: the authorization server grants them, the resource
// server asks for them).

/** The scope every tool of the protected endpoint needs (listing tools and calling the plain ones). */
export const READ_SCOPE = 'tools:read';

/** The scope `export-data` needs on the protected endpoint on top of {@link READ_SCOPE} (a step-up). */
export const EXPORT_SCOPE = 'export:write';

/** The scopes of the protected endpoint, in the order its metadata lists them. */
export const RESOURCE_SCOPES = [READ_SCOPE, EXPORT_SCOPE] as const;
