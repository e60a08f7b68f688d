import { invalidRequest, missingParam } from './errors';
import type { FormParams, FormValue } from './form';

// Typed reads of form params with Stripe's wording for bad values.

export function optionalString(params: FormParams, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${name} must be a string.`, name);
  return value;
}

export function requiredString(params: FormParams, name: string): string {
  const value = optionalString(params, name);
  if (value === undefined || value === '') throw missingParam(name);
  return value;
}

export function optionalInteger(params: FormParams, name: string): number | undefined {
  const value = optionalString(params, name);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, name);
  return Number(value);
}

export function requiredInteger(params: FormParams, name: string): number {
  const value = optionalInteger(params, name);
  if (value === undefined) throw missingParam(name);
  return value;
}

export function optionalBoolean(params: FormParams, name: string): boolean | undefined {
  const value = optionalString(params, name);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalidRequest(`Invalid boolean: ${value}`, name);
  return value === 'true';
}

export function optionalObject(params: FormParams, name: string): FormParams | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidRequest(`Invalid object: ${name} must be a hash.`, name);
  }
  return value;
}

export function stringList(params: FormParams, name: string): string[] {
  const value: FormValue | undefined = params[name];
  if (value === undefined || value === '') return [];
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((item): item is string => typeof item === 'string')) {
    throw invalidRequest(`Invalid array: ${name} must be a list of strings.`, name);
  }
  return list;
}

export type Metadata = Record<string, string>;

/**
 * Applies Stripe's metadata rules: keys are merged into `current`, and an empty value deletes a
 * key, so an update can remove one key without resending the others.
 */
export function mergeMetadata(current: Metadata, params: FormParams, name = 'metadata'): Metadata {
  const update = optionalObject(params, name);
  if (!update) return { ...current };
  const merged = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (typeof value !== 'string')
      throw invalidRequest(`Invalid metadata: ${name}[${key}] must be a string.`, `${name}[${key}]`);
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
