import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Checks a tool call's arguments against the tool's JSON Schema before the call, so a model's
 * mistake comes back as a 400 naming the field rather than as a server's own error text.
 * Tools declare draft-07 (most servers) or 2019-09 / 2020-12 (newer generators).
 */
const options = { strict: false, allErrors: true, validateSchema: false } as const;
const validators = {
  draft7: addFormats(new Ajv(options)),
  draft2019: addFormats(new Ajv2019(options)),
  draft2020: addFormats(new Ajv2020(options)),
};

// Compiled once per schema object: a connection keeps its tool list, so the objects live as long
// as the tools do and the cache empties itself when they go.
const compiled = new WeakMap<object, ValidateFunction | null>();

function compile(schema: Record<string, unknown>): ValidateFunction | null {
  const cached = compiled.get(schema);
  if (cached !== undefined) return cached;
  const dialect = typeof schema.$schema === 'string' ? schema.$schema : '';
  const ajv = dialect.includes('2020-12')
    ? validators.draft2020
    : dialect.includes('2019-09')
      ? validators.draft2019
      : validators.draft7;
  let validate: ValidateFunction | null;
  try {
    // The dialect was chosen above; Ajv would look a "$schema" up as a reference otherwise.
    const { $schema: _dialect, $id: _id, ...rest } = schema;
    validate = ajv.compile(rest);
  } catch {
    // A schema Ajv cannot compile is left to the server to enforce.
    validate = null;
  }
  compiled.set(schema, validate);
  return validate;
}

function fieldOf(error: ErrorObject): { field: string; message: string } {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
    return { field: ['args', ...path, params.missingProperty].join('.'), message: 'is required' };
  }
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return {
      field: ['args', ...path, params.additionalProperty].join('.'),
      message: 'is not a parameter of this tool',
    };
  }
  return { field: ['args', ...path].join('.'), message: error.message ?? 'is not valid' };
}

/** Per-field messages (`args.message: must be string`), or null when the arguments are valid. */
export function invalidArgs(
  schema: Record<string, unknown>,
  args: Record<string, unknown>,
): Record<string, string> | null {
  const validate = compile(schema);
  if (!validate || validate(args)) return null;
  const fields: Record<string, string> = {};
  for (const error of validate.errors ?? []) {
    const { field, message } = fieldOf(error);
    fields[field] ??= message;
  }
  return Object.keys(fields).length > 0 ? fields : { args: 'is not valid' };
}
