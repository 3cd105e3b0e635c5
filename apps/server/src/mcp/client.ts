import {
  Client,
  type Request,
  type RequestMethod,
  type RequestOptions,
  type ResultTypeMap,
  type StandardSchemaV1,
} from '@modelcontextprotocol/client';

/** What is used here of the SDK's era codec (`_wireCodec()`, for subclasses of its client). */
interface ResultValidator {
  validateResult(
    method: string,
    raw: unknown,
  ):
    | { readonly ok: true; readonly value: unknown }
    | { readonly ok: false; readonly reason: 'not-in-era' }
    | { readonly ok: false; readonly reason: 'invalid'; readonly message: string };
}

/**
 * The SDK client, with each spec method's result check built once per protocol era instead of
 * on every request. Without a schema, the SDK's `request` first validates `undefined` against
 * the method's result schema only to learn whether the era knows the method, building and
 * formatting a zod error each time: on a tool call, more than the check of the result itself.
 * The check is the SDK's own (`validateResult` of the negotiated era) with the same error text,
 * so results are validated exactly as before.
 */
export class McpClient extends Client {
  private readonly resultChecks = new Map<ResultValidator, Map<string, StandardSchemaV1 | null>>();

  override request<M extends RequestMethod>(
    request: { method: M; params?: Record<string, unknown> },
    options?: RequestOptions,
  ): Promise<ResultTypeMap[M]>;
  override request<T extends StandardSchemaV1>(
    request: Request,
    resultSchema: T,
    options?: RequestOptions,
  ): Promise<StandardSchemaV1.InferOutput<T>>;
  override request(
    request: Request,
    schemaOrOptions?: StandardSchemaV1 | RequestOptions,
    options?: RequestOptions,
  ): Promise<unknown> {
    if (this._negotiatedProtocolVersion !== undefined && !isSchema(schemaOrOptions)) {
      const check = this.resultCheck(request.method);
      if (check) return super.request(request, check, schemaOrOptions);
    }
    // Before a version is negotiated the SDK picks the era by method (the handshake itself). A
    // schema of the caller's own, or a method the era has no result for (refused with the SDK's
    // own error), goes to the SDK as it came.
    return isSchema(schemaOrOptions)
      ? super.request(request, schemaOrOptions, options)
      : super.request(request as Request & { method: RequestMethod }, schemaOrOptions);
  }

  private resultCheck(method: string): StandardSchemaV1 | null {
    const codec: ResultValidator = this._wireCodec();
    let checks = this.resultChecks.get(codec);
    if (!checks) {
      checks = new Map();
      this.resultChecks.set(codec, checks);
    }
    let check = checks.get(method);
    if (check === undefined) {
      check = resultCheckOf(codec, method);
      checks.set(method, check);
    }
    return check;
  }
}

/** The SDK's own test of whether `request` was given a result schema. */
const isSchema = (value: unknown): value is StandardSchemaV1 =>
  (typeof value === 'object' || typeof value === 'function') &&
  value !== null &&
  '~standard' in value &&
  typeof (value as StandardSchemaV1)['~standard']?.validate === 'function';

/** The SDK's result check for `method` in one era, as the Standard Schema its request takes. */
function resultCheckOf(codec: ResultValidator, method: string): StandardSchemaV1 | null {
  const probe = codec.validateResult(method, undefined);
  if (!probe.ok && probe.reason === 'not-in-era') return null;
  return {
    '~standard': {
      version: 1,
      vendor: 'mcp-wire-codec',
      validate(value: unknown) {
        const outcome = codec.validateResult(method, value);
        if (outcome.ok) return { value: outcome.value };
        return {
          issues: [
            {
              message: outcome.reason === 'invalid' ? outcome.message : `not-in-era: ${method}`,
            },
          ],
        };
      },
    },
  };
}
