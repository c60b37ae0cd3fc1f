// Spec fixtures (copied into the repository's fixtures/), parsed by core.
import { parseElicitation } from '@elicitation-kit/core';
import type { ParsedElicitation, ParsedFormElicitation, ParsedUrlElicitation } from '@elicitation-kit/core';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// import.meta.url is not a file: URL under jsdom, so the directory comes from import.meta.dirname.
const directory = join(import.meta.dirname, '../../../../fixtures/examples');

/** Every top-level example (form-* and url-*), by file name. */
export const fixtureNames: string[] = readdirSync(directory)
  .filter((name) => /^(form|url)-.*\.json$/.test(name))
  .toSorted();

/** The `params` of one example file. */
export const paramsOf = (name: string): Record<string, unknown> =>
  (JSON.parse(readFileSync(join(directory, name), 'utf8')) as { params: Record<string, unknown> }).params;

/** Parses params with core; throws when core refuses them (a fixture core must accept). */
export function parse(params: unknown): ParsedElicitation {
  const result = parseElicitation(params);
  if (!result.ok) throw new Error(`core refused the request: ${result.error.message}`);
  return result.request;
}

/** A form-mode request from plain params. */
export const formRequest = (params: unknown): ParsedFormElicitation => {
  const request = parse(params);
  if (request.mode !== 'form') throw new Error('expected a form request');
  return request;
};

/** A URL-mode request from plain params. */
export const urlRequest = (params: unknown): ParsedUrlElicitation => {
  const request = parse(params);
  if (request.mode !== 'url') throw new Error('expected a URL request');
  return request;
};

/** A form request with one schema of properties. */
export const form = (properties: Record<string, unknown>, required: string[] = [], message = 'Please answer.') =>
  formRequest({ mode: 'form', message, requestedSchema: { type: 'object', properties, required } });
