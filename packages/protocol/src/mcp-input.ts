import { z } from 'zod';

/**
 * Input during a tool call (docs/product.md#mcp-input): an MCP server asks the user for a few
 * values (a form) or to open a link, while one of their tool calls runs. The server's requested
 * schema is untrusted: only the flat, primitive subset the MCP specification allows is accepted,
 * normalised here into fields the web app renders and the server checks answers against.
 */

export const mcpInputLimits = {
  /** A request asking for more fields than this is refused (declined), never shown. */
  fieldsMax: 20,
  choicesMax: 50,
  messageMax: 2000,
  titleMax: 200,
  descriptionMax: 500,
  stringMax: 10_000,
  urlMax: 2048,
  /** How long the server waits for the user's answer before it cancels the question. */
  waitMs: 10 * 60_000,
} as const;

/** Made by the browser for one tool call, so the tab that made the call shows its questions. */
export const mcpCallIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'callId must be 8 to 64 letters, digits, _ or -');

const text = (max: number) =>
  z
    .string()
    .transform((value) => value.slice(0, max))
    .optional();

export const mcpStringFormats = ['email', 'uri', 'date', 'date-time'] as const;

const choiceSchema = z.object({ value: z.string(), label: z.string() });
export type McpInputChoice = z.infer<typeof choiceSchema>;

const commonField = {
  name: z.string(),
  title: z.string(),
  description: z.string(),
  required: z.boolean(),
};

/** One field of a form as the app shows it (the server's schema, normalised). */
export const mcpInputFieldSchema = z.discriminatedUnion('kind', [
  z.object({
    ...commonField,
    kind: z.literal('text'),
    format: z.enum(mcpStringFormats).nullable(),
    minLength: z.number().int().nullable(),
    maxLength: z.number().int().nullable(),
    default: z.string().nullable(),
  }),
  z.object({
    ...commonField,
    kind: z.literal('number'),
    integer: z.boolean(),
    minimum: z.number().nullable(),
    maximum: z.number().nullable(),
    default: z.number().nullable(),
  }),
  z.object({ ...commonField, kind: z.literal('boolean'), default: z.boolean().nullable() }),
  z.object({
    ...commonField,
    kind: z.literal('choice'),
    choices: z.array(choiceSchema),
    default: z.string().nullable(),
  }),
  z.object({
    ...commonField,
    kind: z.literal('choices'),
    choices: z.array(choiceSchema),
    minItems: z.number().int().nullable(),
    maxItems: z.number().int().nullable(),
    default: z.array(z.string()).nullable(),
  }),
]);
export type McpInputField = z.infer<typeof mcpInputFieldSchema>;

// The server's property schemas, read loosely (unknown keywords are ignored, unknown types refused).
const rawChoices = z
  .array(z.looseObject({ const: z.string(), title: text(200) }))
  .min(1)
  .max(mcpInputLimits.choicesMax);
const rawProperty = z.looseObject({
  type: z.string(),
  title: text(mcpInputLimits.titleMax),
  description: text(mcpInputLimits.descriptionMax),
  format: z.string().optional(),
  minLength: z.number().int().nonnegative().optional(),
  maxLength: z.number().int().nonnegative().optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  minItems: z.number().int().nonnegative().optional(),
  maxItems: z.number().int().nonnegative().optional(),
  enum: z.array(z.string()).min(1).max(mcpInputLimits.choicesMax).optional(),
  enumNames: z.array(z.string()).optional(),
  oneOf: rawChoices.optional(),
  items: z
    .looseObject({
      type: z.string().optional(),
      enum: z.array(z.string()).min(1).max(mcpInputLimits.choicesMax).optional(),
      anyOf: rawChoices.optional(),
    })
    .optional(),
  default: z.unknown().optional(),
});
type RawProperty = z.infer<typeof rawProperty>;

const rawRequestedSchema = z.looseObject({
  type: z.literal('object'),
  properties: z.record(z.string(), z.unknown()),
  required: z.array(z.string()).optional(),
});

export type FieldsOrRefusal = { fields: McpInputField[] } | { refusal: string };

const fieldNamePattern = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * The fields of a server's `requestedSchema`, or why it is refused: not a flat object of
 * strings, numbers, booleans and choices (the MCP specification's restricted subset), or more
 * than `mcpInputLimits.fieldsMax` fields.
 */
export function fieldsOfRequestedSchema(schema: unknown): FieldsOrRefusal {
  const parsed = rawRequestedSchema.safeParse(schema);
  if (!parsed.success) return { refusal: 'the requested schema is not an object of fields' };
  const entries = Object.entries(parsed.data.properties);
  if (entries.length > mcpInputLimits.fieldsMax) {
    return { refusal: `the form asks for more than ${mcpInputLimits.fieldsMax} fields` };
  }
  const required = new Set(parsed.data.required ?? []);
  const fields: McpInputField[] = [];
  for (const [name, value] of entries) {
    if (!fieldNamePattern.test(name)) return { refusal: 'a field has an unusable name' };
    const property = rawProperty.safeParse(value);
    const field = property.success ? toField(name, property.data, required.has(name)) : null;
    if (!field) return { refusal: `the field "${name}" is of a kind that cannot be shown` };
    fields.push(field);
  }
  return { fields };
}

function toField(name: string, p: RawProperty, required: boolean): McpInputField | null {
  const common = { name, title: p.title || name, description: p.description ?? '', required };
  const int = (value: number | undefined) => value ?? null;
  switch (p.type) {
    case 'string': {
      const choices = p.oneOf
        ? p.oneOf.map((c) => ({ value: c.const, label: c.title || c.const }))
        : p.enum?.map((value, i) => ({ value, label: p.enumNames?.[i] || value }));
      if (choices) {
        const fallback = typeof p.default === 'string' ? p.default : null;
        const known = choices.some((c) => c.value === fallback);
        return { ...common, kind: 'choice', choices, default: known ? fallback : null };
      }
      const format = mcpStringFormats.find((f) => f === p.format) ?? null;
      if (p.format !== undefined && !format) return null;
      return {
        ...common,
        kind: 'text',
        format,
        minLength: int(p.minLength),
        maxLength: Math.min(p.maxLength ?? mcpInputLimits.stringMax, mcpInputLimits.stringMax),
        default: typeof p.default === 'string' ? p.default : null,
      };
    }
    case 'number':
    case 'integer':
      return {
        ...common,
        kind: 'number',
        integer: p.type === 'integer',
        minimum: int(p.minimum),
        maximum: int(p.maximum),
        default: typeof p.default === 'number' ? p.default : null,
      };
    case 'boolean':
      return {
        ...common,
        kind: 'boolean',
        default: typeof p.default === 'boolean' ? p.default : null,
      };
    case 'array': {
      const items = p.items;
      const choices = items?.anyOf
        ? items.anyOf.map((c) => ({ value: c.const, label: c.title || c.const }))
        : items?.type === 'string'
          ? items.enum?.map((value) => ({ value, label: value }))
          : undefined;
      if (!choices) return null;
      const defaults = Array.isArray(p.default)
        ? p.default.filter((v): v is string => choices.some((c) => c.value === v))
        : null;
      return {
        ...common,
        kind: 'choices',
        choices,
        minItems: int(p.minItems),
        maxItems: int(p.maxItems),
        default: defaults,
      };
    }
    default:
      return null;
  }
}

export type McpInputValue = string | number | boolean | string[];
export type McpInputContent = Record<string, McpInputValue>;

/** Why an answer to one field is refused: a code the app words in each language. */
export type McpInputProblem =
  | { code: 'required' }
  | { code: 'type' }
  | { code: 'tooShort'; limit: number }
  | { code: 'tooLong'; limit: number }
  | { code: 'tooSmall'; limit: number }
  | { code: 'tooLarge'; limit: number }
  | { code: 'integer' }
  | { code: 'format'; format: (typeof mcpStringFormats)[number] }
  | { code: 'choice' }
  | { code: 'tooFew'; limit: number }
  | { code: 'tooMany'; limit: number };

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;

function formatOk(format: (typeof mcpStringFormats)[number], value: string): boolean {
  if (format === 'email') return emailPattern.test(value);
  if (format === 'uri') return URL.canParse(value);
  if (format === 'date') return datePattern.test(value) && !Number.isNaN(Date.parse(value));
  return !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value);
}

/** The problem of one answer to one field, or null when it is acceptable. */
export function fieldProblem(field: McpInputField, value: unknown): McpInputProblem | null {
  const empty = value === undefined || value === '' || (Array.isArray(value) && !value.length);
  if (empty) return field.required ? { code: 'required' } : null;
  switch (field.kind) {
    case 'text': {
      if (typeof value !== 'string') return { code: 'type' };
      if (field.minLength !== null && value.length < field.minLength)
        return { code: 'tooShort', limit: field.minLength };
      if (field.maxLength !== null && value.length > field.maxLength)
        return { code: 'tooLong', limit: field.maxLength };
      if (field.format && !formatOk(field.format, value))
        return { code: 'format', format: field.format };
      return null;
    }
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return { code: 'type' };
      if (field.integer && !Number.isInteger(value)) return { code: 'integer' };
      if (field.minimum !== null && value < field.minimum)
        return { code: 'tooSmall', limit: field.minimum };
      if (field.maximum !== null && value > field.maximum)
        return { code: 'tooLarge', limit: field.maximum };
      return null;
    }
    case 'boolean':
      return typeof value === 'boolean' ? null : { code: 'type' };
    case 'choice':
      if (typeof value !== 'string') return { code: 'type' };
      return field.choices.some((c) => c.value === value) ? null : { code: 'choice' };
    case 'choices': {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
        return { code: 'type' };
      if (value.some((v) => !field.choices.some((c) => c.value === v))) return { code: 'choice' };
      if (field.minItems !== null && value.length < field.minItems)
        return { code: 'tooFew', limit: field.minItems };
      if (field.maxItems !== null && value.length > field.maxItems)
        return { code: 'tooMany', limit: field.maxItems };
      return null;
    }
  }
}

/** Every field's problem with an answer (fields not asked for are problems too), or null. */
export function contentProblems(
  fields: McpInputField[],
  content: Record<string, unknown>,
): Record<string, McpInputProblem> | null {
  const problems: Record<string, McpInputProblem> = {};
  for (const name of Object.keys(content)) {
    if (!fields.some((field) => field.name === name)) problems[name] = { code: 'type' };
  }
  for (const field of fields) {
    const problem = fieldProblem(field, content[field.name]);
    if (problem) problems[field.name] = problem;
  }
  return Object.keys(problems).length > 0 ? problems : null;
}

/** English words for a problem (the server's error messages; the app has its own locales). */
export function problemText(problem: McpInputProblem): string {
  switch (problem.code) {
    case 'required':
      return 'is required';
    case 'type':
      return 'is not a value this field takes';
    case 'tooShort':
      return `must be at least ${problem.limit} characters`;
    case 'tooLong':
      return `must be at most ${problem.limit} characters`;
    case 'tooSmall':
      return `must be at least ${problem.limit}`;
    case 'tooLarge':
      return `must be at most ${problem.limit}`;
    case 'integer':
      return 'must be a whole number';
    case 'format':
      return `must be a valid ${problem.format}`;
    case 'choice':
      return 'must be one of the choices';
    case 'tooFew':
      return `needs at least ${problem.limit} choices`;
    case 'tooMany':
      return `takes at most ${problem.limit} choices`;
  }
}

// Socket events.

/** To every tab of the user whose call asked: the tab that made `callId` shows it. */
export const mcpInputRequestPayloadSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('form'),
    callId: z.string(),
    requestId: z.string(),
    server: z.string(),
    message: z.string(),
    fields: z.array(mcpInputFieldSchema),
    /** When the server stops waiting (epoch milliseconds). */
    expiresAt: z.number(),
  }),
  z.object({
    mode: z.literal('url'),
    callId: z.string(),
    requestId: z.string(),
    server: z.string(),
    message: z.string(),
    url: z.string(),
    host: z.string(),
    expiresAt: z.number(),
  }),
]);
export type McpInputRequestPayload = z.infer<typeof mcpInputRequestPayloadSchema>;

/**
 * The question is over (answered in another tab, cancelled, timed out, the call ended), or was
 * never shown: `refusal` says why it was declined (a schema the app cannot show, a link that is
 * not http or https).
 */
export const mcpInputEndedPayloadSchema = z.object({
  callId: z.string(),
  requestId: z.string(),
  refusal: z.string().optional(),
});
export type McpInputEndedPayload = z.infer<typeof mcpInputEndedPayloadSchema>;

export const mcpInputActions = ['accept', 'decline', 'cancel'] as const;

const inputValueSchema = z.union([
  z.string().max(mcpInputLimits.stringMax),
  z.number(),
  z.boolean(),
  z.array(z.string().max(mcpInputLimits.stringMax)).max(mcpInputLimits.choicesMax),
]);

/** The user's answer; `content` only with `accept` (checked against the fields on the server). */
export const mcpInputResponsePayloadSchema = z
  .strictObject({
    requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'requestId is not valid'),
    action: z.enum(mcpInputActions, { error: 'action must be accept, decline or cancel' }),
    content: z
      .record(z.string().max(64), inputValueSchema)
      .refine((content) => Object.keys(content).length <= mcpInputLimits.fieldsMax, {
        message: `At most ${mcpInputLimits.fieldsMax} fields`,
      })
      .optional(),
  })
  .refine((payload) => payload.action === 'accept' || payload.content === undefined, {
    message: 'content goes only with accept',
    path: ['content'],
  });
export type McpInputResponsePayload = z.infer<typeof mcpInputResponsePayloadSchema>;
