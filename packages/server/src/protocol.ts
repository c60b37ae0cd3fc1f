// Protocol facts the server side needs, from their one home in core.
export { declaresMode, eraOf as eraOfRevision, isProtocolVersion, revisionFeatures } from '@elicitation-kit/core';
export type { ElicitationMode, ProtocolEra } from '@elicitation-kit/core';
