import { invalidRequest } from './errors';
import type { FormParams } from './form';

// Typed reads of form params, with Stripe's wording for bad values.

export function optionalString(params: FormParams, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${name} must be a string.`, name);
  return value;
}

export function requiredString(params: FormParams, name: string): string {
  const value = optionalString(params, name);
  if (value === undefined || value === '') {
    throw invalidRequest(`Missing required param: ${name}.`, name, 'parameter_missing');
  }
  return value;
}

export function requiredInteger(params: FormParams, name: string): number {
  const value = requiredString(params, name);
  if (!/^-?\d+$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, name);
  return Number(value);
}

export function optionalBoolean(params: FormParams, name: string): boolean | undefined {
  const value = optionalString(params, name);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalidRequest(`Invalid boolean: ${value}`, name);
  return value === 'true';
}

export function stringList(params: FormParams, name: string): string[] {
  const value = params[name];
  if (value === undefined || value === '') return [];
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((item): item is string => typeof item === 'string')) {
    throw invalidRequest(`Invalid array: ${name} must be a list of strings.`, name);
  }
  return list;
}

export type Metadata = Record<string, string>;

/** The metadata hash of a create call: string values only, as Stripe stores them. */
export function metadataOf(params: FormParams): Metadata {
  const value = params.metadata;
  if (value === undefined || value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidRequest('Invalid object: metadata must be a hash.', 'metadata');
  }
  const metadata: Metadata = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string')
      throw invalidRequest(`Invalid metadata: metadata[${key}] must be a string.`, `metadata[${key}]`);
    metadata[key] = item;
  }
  return metadata;
}
