import fc from 'fast-check';
import { z } from 'zod';

/**
 * Arbitraries for fuzzing the API: values shaped by a protocol zod schema (through its JSON
 * Schema), then the same values bent out of shape, and plain hostile input. Most generated
 * requests are therefore near-valid, which is where handlers are least guarded.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** Strings that have broken parsers, loggers and databases before. */
export const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uD83D',
  '\uDE00y',
  '\u202Egnp.exe',
  '\u200B\u200D\uFEFF',
  'e\u0301\u0301\u0301',
  '👩‍👩‍👧‍👦',
  'ﷺ',
  'İı',
  '../../etc/passwd',
  '%00%2e%2e%2f',
  "'; DROP TABLE users; --",
  '" OR "1"="1',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{constructor.constructor("return process")()}}',
  '${process.exit(1)}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'NaN',
  '-0',
  '1e309',
  '9007199254740993',
  'null',
  'undefined',
  'true',
  '\r\nSet-Cookie: x=1',
];

/** Addresses only, never names: a fuzzed URL must not send the server off resolving hosts. */
const localUrls = [
  'http://127.0.0.1:9/mcp',
  'http://[::1]:9/sse',
  'http://169.254.169.254/latest/meta-data',
  'http://0.0.0.0:9/',
  'ftp://127.0.0.1/',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'http://127.0.0.1:9/' + 'a'.repeat(3000),
];

const unicodeString = (maxLength: number) =>
  fc.oneof(
    fc.string({ maxLength, unit: 'grapheme' }),
    fc.string({ maxLength, unit: 'binary' }),
    fc.string({ maxLength, unit: 'binary-ascii' }),
    // Lone surrogates: fast-check's units never produce them on their own.
    fc
      .array(fc.integer({ min: 0xd800, max: 0xdfff }), { minLength: 1, maxLength: 4 })
      .map((units) => String.fromCharCode(...units)),
  );

export interface HostileOptions {
  /** Longest "huge" string; keep it under the transport's message limit where that matters. */
  hugeLength: number;
}

/** Hostile values of any type: wrong types, huge strings, deep nesting, odd unicode. */
export function hostileValue(options: HostileOptions): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(...nastyStrings),
    fc.constantFrom(null, true, false, 0, -1, 1.5, -0, 2 ** 53, Number.MAX_VALUE, [], {}),
    unicodeString(64),
    fc.integer({ min: 1000, max: options.hugeLength }).map((n) => 'x'.repeat(n)),
    fc.integer({ min: 50, max: 2000 }).map((depth) => nested(depth)),
    fc.jsonValue({ maxDepth: 3 }),
    fc.array(fc.constantFrom(...nastyStrings), { maxLength: 5 }),
  );
}

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
}

/** Values valid for the JSON Schema of a zod schema (as the client would send it). */
export function validFor(schema: z.ZodType): fc.Arbitrary<unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return fromJsonSchema(json, '', 0);
}

function fromJsonSchema(schema: JsonSchema, name: string, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((s) => fromJsonSchema(s, name, depth)));
  if (schema.allOf?.[0]) return fromJsonSchema(schema.allOf[0], name, depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringFor(schema, name);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(
        schema.items && depth < 4 ? fromJsonSchema(schema.items, name, depth + 1) : fc.string(),
        { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 5, 5) },
      );
    case 'object':
      return objectFor(schema, depth);
    case undefined:
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringFor(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 64, 64);
  if (/url/i.test(name)) return fc.constantFrom(...localUrls);
  if (/email/i.test(name))
    return fc.emailAddress().filter((e) => e.length <= (schema.maxLength ?? 254));
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.pattern) {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity));
  }
  return fc.string({ minLength: min, maxLength: Math.max(min, max), unit: 'grapheme' });
}

function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, value] of Object.entries(properties))
    shape[key] = fromJsonSchema(value, key, depth + 1);
  const known = fc.record(shape, {
    requiredKeys: Object.keys(properties).filter((k) => required.has(k)),
  });
  const extra = schema.additionalProperties;
  if (extra && typeof extra === 'object' && Object.keys(properties).length === 0 && depth < 4) {
    return fc.dictionary(
      fc.string({ minLength: 1, maxLength: 12 }),
      fromJsonSchema(extra, '', depth + 1),
      { maxKeys: 4 },
    );
  }
  return known;
}

/**
 * A request value for a schema: mostly valid ones, valid ones with one field made hostile or
 * with prototype-pollution keys added, and values of no relation to the schema at all.
 */
export function fuzzedValue(
  schema: z.ZodType | undefined,
  options: HostileOptions,
): fc.Arbitrary<unknown> {
  const hostile = hostileValue(options);
  if (!schema) return hostile;
  const valid = validFor(schema);
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 3, arbitrary: fc.tuple(valid, fc.nat(), hostile).map(([v, i, h]) => bend(v, i, h)) },
    {
      weight: 2,
      arbitrary: fc.tuple(valid, pollutionKey, hostile).map(([v, k, h]) => pollute(v, k, h)),
    },
    { weight: 2, arbitrary: hostile },
  );
}

const pollutionKey = fc.constantFrom('__proto__', 'constructor', 'prototype');

/** Replaces one field (chosen by index) of an object with a hostile value. */
function bend(value: unknown, index: number, replacement: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return replacement;
  const keys = Object.keys(value);
  if (keys.length === 0) return replacement;
  const key = keys[index % keys.length]!;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  // A nested object gets bent one level down half of the time.
  const inner = copy[key];
  copy[key] =
    inner && typeof inner === 'object' && index % 2
      ? bend(inner, index >> 1, replacement)
      : replacement;
  return copy;
}

/**
 * Adds a prototype-pollution key as an own property (as JSON.parse would make it), at the top
 * or one level down.
 */
function pollute(value: unknown, key: string, payload: unknown): unknown {
  const polluted = { isAdmin: true, role: 'admin', polluted: payload };
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return JSON.parse(`{${JSON.stringify(key)}: ${JSON.stringify(polluted)}}`) as unknown;
  const copy = { ...(value as Record<string, unknown>) };
  Object.defineProperty(copy, key, {
    value: polluted,
    enumerable: true,
    configurable: true,
    writable: true,
  });
  return copy;
}

/** Model output as a hostile share would carry it: markup, remote images, script links. */
const hostileMarkdown = fc.constantFrom(
  '<script>alert(1)</script>',
  '<img src="http://evil.example/x.png" onerror="alert(1)">',
  '![x](https://evil.example/i.png)',
  '[click](javascript:alert(1))',
  '今天天气很好 **bold** `code`',
);
/** What the schema refuses in a text: blanks, NUL, a lone surrogate, a wrong type. */
const brokenText = fc.constantFrom('', '   ', 'a\u0000b', '\ud800', 42, null);

const text = (good: fc.Arbitrary<unknown>, broken: boolean) =>
  broken ? fc.oneof(good, brokenText) : good;
const words = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }).map((v) => `x${v}`),
  hostileMarkdown,
);

/** A snapshot of either kind; `broken` mixes in values the schema refuses. */
function aiPayloadOf(broken: boolean): fc.Arbitrary<Record<string, unknown>> {
  const name = text(fc.constantFrom('gpt-4o', 'OpenAI', 'deepseek-chat', 'модель'), broken);
  const tokens = broken
    ? fc.oneof(fc.nat({ max: 100_000 }), fc.constantFrom(-1, 1.5, 2 ** 53))
    : fc.nat({ max: 100_000 });
  const turn = fc.record({
    prompt: text(words, broken),
    reply: text(words, broken),
    reasoning: fc.oneof(fc.constant(''), hostileMarkdown),
    toolCalls: fc.array(
      fc.record({ name: text(fc.constantFrom('search', 'read'), broken), ok: fc.boolean() }),
      { maxLength: 3 },
    ),
  });
  return fc.oneof(
    fc.record({
      kind: fc.constant('share'),
      title: fc.constantFrom('', 'Trip', '<b>title</b>'),
      model: name,
      provider: name,
      turns: fc.array(turn, { minLength: broken ? 0 : 1, maxLength: broken ? 22 : 4 }),
      inputTokens: tokens,
      outputTokens: tokens,
    }),
    fc.record({
      kind: fc.constant('answer'),
      question: text(words, broken),
      reply: text(words, broken),
      reasoning: fc.oneof(fc.constant(''), hostileMarkdown),
      model: name,
      provider: name,
      contextCount: broken
        ? fc.oneof(fc.nat({ max: 50 }), fc.constantFrom(-1, 51, 0.5))
        : fc.nat({ max: 50 }),
      inputTokens: tokens,
      outputTokens: tokens,
    }),
  );
}

/**
 * AI message snapshots (docs/product.md#ai-in-chat) of either kind: well-formed ones (their
 * texts now and then hostile model output), broken ones, and ones over the 64 KiB a payload
 * may be.
 */
export const aiPayloads: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  { weight: 4, arbitrary: aiPayloadOf(false) },
  { weight: 3, arbitrary: aiPayloadOf(true) },
  {
    weight: 1,
    // Over the size limit: 3 turns of 30,000 characters each.
    arbitrary: fc.constant({
      kind: 'share',
      title: '',
      model: 'gpt-4o',
      provider: 'OpenAI',
      turns: Array.from({ length: 3 }, () => ({ prompt: 'p', reply: 'r'.repeat(30_000) })),
      inputTokens: 1,
      outputTokens: 1,
    }),
  },
);

/**
 * Sends of AI messages, as a body or socket payload with `fields` (the chat, the client id):
 * the content type mostly matching the payload's kind, sometimes not, now and then with a
 * content it must not carry, or with one field bent out of shape.
 */
export function aiSends(
  typeField: 'type' | 'contentType',
  fields: Record<string, fc.Arbitrary<unknown>>,
  options: HostileOptions,
): fc.Arbitrary<unknown> {
  const send = fc
    .record({
      ...fields,
      ai: aiPayloads,
      // A content type that does not match, one time in four.
      mismatch: fc.constantFrom(false, false, false, true),
      content: fc.boolean(),
    })
    .map(({ ai, mismatch, content, ...rest }) => {
      const share = (ai.kind === 'share') !== (mismatch && content);
      return {
        ...rest,
        [typeField]: share ? 'ai_share' : 'ai_answer',
        ai,
        ...(mismatch && !content ? { content: 'a message of its own' } : {}),
      };
    });
  return fc.oneof(
    { weight: 3, arbitrary: send },
    {
      weight: 2,
      arbitrary: fc
        .tuple(send, fc.nat(), hostileValue(options))
        .map(([value, index, replacement]) => bend(value, index, replacement)),
    },
  );
}
