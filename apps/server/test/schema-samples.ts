/**
 * Requests generated from a route's zod schemas: a plausible value for every field, and the path
 * of every string a caller can send, so hostile-input tests cover each field without a hand list.
 */
import { z } from 'zod';

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  default?: unknown;
  /** Set by the contract's MoneySchema. */
  'x-money'?: boolean;
};

export type FieldPath = (string | number)[];

const toJsonSchema = (schema: unknown): JsonSchema | null =>
  schema instanceof z.ZodType ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : null;

const STRING_BY_FORMAT: Record<string, string> = {
  email: 'someone@example.com',
  uri: 'http://localhost:3000/reset-password',
  date: '2025-01-15',
  'date-time': '2025-01-15T00:00:00Z',
};

const branches = (s: JsonSchema): JsonSchema[] => [...(s.anyOf ?? []), ...(s.oneOf ?? [])];
const isType = (s: JsonSchema, type: string) => s.type === type || (Array.isArray(s.type) && s.type.includes(type));

/** A value the schema plausibly accepts (the first branch of a union, the first enum member). */
export const sampleOf = (s: JsonSchema): unknown => {
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const alternatives = branches(s).filter((b) => !isType(b, 'null'));
  if (alternatives.length) return sampleOf(alternatives[0]!);
  if (s.allOf?.length) return sampleOf(s.allOf[0]!);
  if (isType(s, 'object')) {
    return Object.fromEntries(Object.entries(s.properties ?? {}).map(([key, value]) => [key, sampleOf(value)]));
  }
  if (isType(s, 'array')) return s.items ? [sampleOf(s.items)] : [];
  if (isType(s, 'integer') || isType(s, 'number')) return Math.max(1, s.minimum ?? 1);
  if (isType(s, 'boolean')) return true;
  if (isType(s, 'string')) {
    if (s.format && STRING_BY_FORMAT[s.format]) return STRING_BY_FORMAT[s.format];
    if (s.pattern?.includes('\\d')) return '1';
    return 'a';
  }
  return 'a';
};

/** Paths of every place a string can go (free text, or the string branch of a union). */
export const stringPaths = (s: JsonSchema, path: FieldPath = []): FieldPath[] => {
  if (s.const !== undefined || s.enum) return [path];
  const alternatives = branches(s);
  if (alternatives.length) {
    const found = alternatives.flatMap((b) => stringPaths(b, path));
    return found.filter((p, i) => found.findIndex((q) => q.join('.') === p.join('.')) === i);
  }
  if (isType(s, 'object')) return Object.entries(s.properties ?? {}).flatMap(([key, value]) => stringPaths(value, [...path, key]));
  if (isType(s, 'array')) return s.items ? stringPaths(s.items, [...path, 0]) : [];
  if (isType(s, 'string')) return [path];
  return [];
};

/** Paths of every money field (the contract's MoneySchema), in every branch of a union. */
export const moneyPaths = (s: JsonSchema, path: FieldPath = []): FieldPath[] => {
  if (s['x-money']) return [path];
  const alternatives = branches(s);
  if (alternatives.length) {
    const found = alternatives.flatMap((b) => moneyPaths(b, path));
    return found.filter((p, i) => found.findIndex((q) => q.join('.') === p.join('.')) === i);
  }
  if (isType(s, 'object')) return Object.entries(s.properties ?? {}).flatMap(([key, value]) => moneyPaths(value, [...path, key]));
  if (isType(s, 'array')) return s.items ? moneyPaths(s.items, [...path, 0]) : [];
  return [];
};

export const withValueAt = (value: unknown, path: FieldPath, replacement: unknown): unknown => {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value) || typeof head === 'number') {
    const items = Array.isArray(value) ? [...value] : [];
    items[head as number] = withValueAt(items[head as number], rest, replacement);
    return items;
  }
  const record = (value ?? {}) as Record<string, unknown>;
  return { ...record, [head!]: withValueAt(record[head!], rest, replacement) };
};

export interface RouteInputs {
  params: { sample: Record<string, unknown>; strings: FieldPath[]; money: FieldPath[] } | null;
  query: { sample: Record<string, unknown>; strings: FieldPath[]; money: FieldPath[] } | null;
  body: { sample: unknown; strings: FieldPath[]; money: FieldPath[] } | null;
}

const describeInput = (schema: unknown) => {
  const json = toJsonSchema(schema);
  return json ? { sample: sampleOf(json) as Record<string, unknown>, strings: stringPaths(json), money: moneyPaths(json) } : null;
};

/** Samples, string fields and money fields of a route's params, query and body schemas. */
export const routeInputs = (schema: { params?: unknown; querystring?: unknown; body?: unknown } | undefined): RouteInputs => ({
  params: describeInput(schema?.params),
  query: describeInput(schema?.querystring),
  body: describeInput(schema?.body),
});
