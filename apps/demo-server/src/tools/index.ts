// Every tool of the demo server, in listing order: the demo tools, then the fault tools.
import type { ElicitationTool, UrlFlows } from '@elicitation-kit/server';
import type { DemoSecrets } from '../secrets.js';
import { confirmAction, apiKeyForm, scheduleReport } from './actions.js';
import { exportData } from './export.js';
import { faultTools } from './faults.js';
import { apiKeyPage } from './secret.js';
import type { FaultEnvironment } from './faults.js';
import { unsupportedSchema } from './unsupported.js';
import { urlTools } from './url.js';
import { allFieldTypes, choiceFields, numberBounds, stringFormats } from './variants.js';

/** Stable names of the demo tools, in listing order. */
export const DEMO_TOOL_NAMES = [
  'export-data',
  'all-field-types',
  'string-formats',
  'number-bounds',
  'choice-fields',
  'confirm-action',
  'api-key-form',
  'api-key-page',
  'schedule-report',
  'connect-account',
  'connect-storage',
  'connect-partner',
  'unsupported-schema',
] as const;

/** What the tools of one server need. */
export interface ToolEnvironment extends FaultEnvironment {
  /** The URL-mode flows (pages this server serves). */
  flows: UrlFlows;
  /** The out-of-band page for secrets (`api-key-page`). */
  secrets: DemoSecrets;
  /**
   * `connect-account`'s page is a real authorization at the demo's authorization server (the server runs with
   * `auth`), not the stand-in "Done" page. @default false
   */
  thirdPartySignIn?: boolean;
}

/** The tools of one server, demo tools first. */
export function demoTools(env: ToolEnvironment): readonly ElicitationTool[] {
  const [connectAccount, connectStorage, connectPartner] = urlTools(env.flows, {
    thirdPartySignIn: env.thirdPartySignIn ?? false,
  });
  return [
    exportData,
    allFieldTypes,
    stringFormats,
    numberBounds,
    choiceFields,
    confirmAction,
    apiKeyForm,
    apiKeyPage(env.secrets),
    scheduleReport,
    connectAccount,
    connectStorage,
    connectPartner,
    unsupportedSchema,
    ...faultTools(env),
  ];
}

export { EXPORT_SCHEMA } from './export.js';
export { FAULT_TOOL_NAMES, MAX_FLOOD } from './faults.js';
export { UNSUPPORTED_SCHEMA } from './unsupported.js';
export { PARTNER_HOST } from './url.js';
