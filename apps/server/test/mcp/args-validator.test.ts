import { describe, expect, it } from 'vitest';
import { invalidArgs } from '../../src/mcp/args-validator';

describe("a tool's input schema", () => {
  const draft7 = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      message: { type: 'string' },
      count: { type: 'integer', minimum: 1 },
      nested: { type: 'object', properties: { flag: { type: 'boolean' } }, required: ['flag'] },
    },
    required: ['message'],
    additionalProperties: false,
  };

  it('passes valid arguments untouched', () => {
    const args = { message: 'hi', count: 2 };
    expect(invalidArgs(draft7, args)).toBeNull();
    expect(args).toEqual({ message: 'hi', count: 2 });
  });

  it('names every failing field by its path under args', () => {
    expect(invalidArgs(draft7, { count: 0, nested: {}, extra: 1 })).toEqual({
      'args.message': 'is required',
      'args.count': 'must be >= 1',
      'args.nested.flag': 'is required',
      'args.extra': 'is not a parameter of this tool',
    });
  });

  it('reads 2020-12 schemas, formats included', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        site: { type: 'string', format: 'uri' },
        pair: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'string' }] },
      },
    };
    expect(invalidArgs(schema, { site: 'https://example.com', pair: [1, 'a'] })).toBeNull();
    expect(invalidArgs(schema, { site: 'not a uri', pair: ['a'] })).toEqual({
      'args.site': 'must match format "uri"',
      'args.pair.0': 'must be number',
    });
  });

  it('leaves a schema it cannot compile to the server', () => {
    expect(
      invalidArgs({ type: 'object', properties: { a: { $ref: '#/nowhere' } } }, { a: 1 }),
    ).toBeNull();
  });
});
