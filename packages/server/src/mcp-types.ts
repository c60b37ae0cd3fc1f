// The MCP shapes a tool definition names (its result, its annotations, the call's handler context) and the Standard
// Schema its arguments are, written out here rather than imported from an SDK: the definition modules (tool.ts,
// arguments.ts, results.ts) are shared by the SDK v2 entry (`@elicitation-kit/server`) and the SDK v1 entry
// (`@elicitation-kit/server/sdk-v1`), and a v1 server author installs no v2 package, not even for its types. Both SDKs'
// own types accept these (the package's type tests check both directions).

/** Spec `Annotations` of a content block. */
export type ContentAnnotations = {
  audience?: ('user' | 'assistant')[] | undefined;
  priority?: number | undefined;
  lastModified?: string | undefined;
};

/** Spec `Icon`. */
export type Icon = {
  src: string;
  mimeType?: string | undefined;
  sizes?: string[] | undefined;
  theme?: 'light' | 'dark' | undefined;
};

/** Spec `TextContent`. */
export type TextContent = {
  type: 'text';
  text: string;
  annotations?: ContentAnnotations | undefined;
  _meta?: Record<string, unknown> | undefined;
};

/** Spec `ImageContent` (`data` in base64). */
export type ImageContent = {
  type: 'image';
  data: string;
  mimeType: string;
  annotations?: ContentAnnotations | undefined;
  _meta?: Record<string, unknown> | undefined;
};

/** Spec `AudioContent` (`data` in base64). */
export type AudioContent = {
  type: 'audio';
  data: string;
  mimeType: string;
  annotations?: ContentAnnotations | undefined;
  _meta?: Record<string, unknown> | undefined;
};

/** Spec `ResourceLink`. */
export type ResourceLink = {
  type: 'resource_link';
  uri: string;
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  mimeType?: string | undefined;
  size?: number | undefined;
  icons?: Icon[] | undefined;
  annotations?: ContentAnnotations | undefined;
  _meta?: Record<string, unknown> | undefined;
};

/** Spec `EmbeddedResource`: a text or a blob (base64) resource. */
export type EmbeddedResource = {
  type: 'resource';
  resource:
    | { uri: string; mimeType?: string | undefined; text: string; _meta?: Record<string, unknown> | undefined }
    | { uri: string; mimeType?: string | undefined; blob: string; _meta?: Record<string, unknown> | undefined };
  annotations?: ContentAnnotations | undefined;
  _meta?: Record<string, unknown> | undefined;
};

/** Spec `ContentBlock`. */
export type ContentBlock = TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;

/**
 * Spec `CallToolResult`: what a tool's operation returns, and what the kit's own results are. `structuredContent` is
 * a JSON object in the 2025 revisions (SDK v1 types it so) and any JSON value from 2026-07-28 (SDK v2 types it
 * `unknown`): typed `unknown` here so that results typed by either SDK fit.
 */
export type CallToolResult = {
  content: ContentBlock[];
  structuredContent?: unknown;
  isError?: boolean | undefined;
  _meta?: Record<string, unknown> | undefined;
};

/** Spec `ToolAnnotations` (hints for clients; never trusted as guarantees). */
export type ToolAnnotations = {
  title?: string | undefined;
  readOnlyHint?: boolean | undefined;
  destructiveHint?: boolean | undefined;
  idempotentHint?: boolean | undefined;
  openWorldHint?: boolean | undefined;
};

/**
 * The SDK's context of one tool call (`call.ctx`). The SDK v2 entry declares it to be v2's `ServerContext` (see
 * server.ts); on SDK v1 it is v1's `RequestHandlerExtra`, read with `requestExtra(call)` from
 * `@elicitation-kit/server/sdk-v1`.
 */
export interface HandlerContext {}

/** One problem Standard Schema reports. */
export interface StandardIssue {
  readonly message: string;
  readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined;
}

/** What a Standard Schema's `validate` returns. */
export type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: readonly StandardIssue[] };

/** Options of a Standard JSON Schema converter. */
export interface StandardJsonSchemaOptions {
  readonly target: 'draft-2020-12' | 'draft-07' | 'openapi-3.0' | (string & {});
  readonly libraryOptions?: Record<string, unknown> | undefined;
}

/**
 * A Standard Schema (https://standardschema.dev, version 1) with the Standard JSON Schema converter: what SDK v2's
 * `registerTool` takes as `inputSchema`. Copied from the spec, as the spec intends, so that no SDK is imported.
 */
export interface StandardSchemaWithJSON<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
    readonly jsonSchema: {
      readonly input: (options: StandardJsonSchemaOptions) => Record<string, unknown>;
      readonly output: (options: StandardJsonSchemaOptions) => Record<string, unknown>;
    };
  };
}
