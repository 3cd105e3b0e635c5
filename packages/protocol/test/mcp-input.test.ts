import { describe, expect, it } from 'vitest';
import {
  contentProblems,
  fieldsOfRequestedSchema,
  mcpInputResponsePayloadSchema,
} from '../src/mcp-input';

const object = (properties: Record<string, unknown>, required?: string[]) => ({
  type: 'object',
  properties,
  ...(required && { required }),
});

describe("a server's requested schema", () => {
  it('becomes fields: text with format and limits, numbers, yes/no, one and several choices', () => {
    const read = fieldsOfRequestedSchema(
      object(
        {
          email: { type: 'string', format: 'email', minLength: 3, title: 'Email' },
          count: { type: 'integer', minimum: 1, maximum: 5, default: 2 },
          ok: { type: 'boolean', default: true },
          pet: { type: 'string', enum: ['c', 'd'], enumNames: ['Cat', 'Dog'], default: 'x' },
          fish: { type: 'array', items: { type: 'string', enum: ['tuna'] }, maxItems: 1 },
        },
        ['email'],
      ),
    );
    expect(read).toEqual({
      fields: [
        expect.objectContaining({
          name: 'email',
          kind: 'text',
          format: 'email',
          minLength: 3,
          required: true,
          title: 'Email',
        }),
        expect.objectContaining({
          name: 'count',
          kind: 'number',
          integer: true,
          minimum: 1,
          maximum: 5,
          default: 2,
          title: 'count',
        }),
        expect.objectContaining({ name: 'ok', kind: 'boolean', default: true }),
        // A default that is not one of the choices is dropped.
        expect.objectContaining({
          name: 'pet',
          kind: 'choice',
          choices: [
            { value: 'c', label: 'Cat' },
            { value: 'd', label: 'Dog' },
          ],
          default: null,
        }),
        expect.objectContaining({ name: 'fish', kind: 'choices', maxItems: 1 }),
      ],
    });
  });

  it('is refused when it is not flat and primitive, or asks for too much', () => {
    const many = Object.fromEntries(
      Array.from({ length: 21 }, (_, i) => [`f${i}`, { type: 'string' }]),
    );
    expect(fieldsOfRequestedSchema(object(many))).toEqual({
      refusal: 'the form asks for more than 20 fields',
    });
    expect(fieldsOfRequestedSchema(object({ a: { type: 'object', properties: {} } }))).toEqual({
      refusal: 'the field "a" is of a kind that cannot be shown',
    });
    expect(fieldsOfRequestedSchema(object({ a: { type: 'string', format: 'password' } }))).toEqual({
      refusal: 'the field "a" is of a kind that cannot be shown',
    });
    expect(fieldsOfRequestedSchema(object({ '<b>': { type: 'string' } }))).toEqual({
      refusal: 'a field has an unusable name',
    });
    expect(fieldsOfRequestedSchema({ type: 'array' })).toEqual({
      refusal: 'the requested schema is not an object of fields',
    });
  });

  it('cuts long titles and descriptions', () => {
    const read = fieldsOfRequestedSchema(
      object({ a: { type: 'string', title: 'T'.repeat(5000), description: 'D'.repeat(5000) } }),
    );
    if ('refusal' in read) throw new Error(read.refusal);
    expect(read.fields[0]?.title).toHaveLength(200);
    expect(read.fields[0]?.description).toHaveLength(500);
  });
});

describe('an answer', () => {
  const read = fieldsOfRequestedSchema(
    object(
      {
        name: { type: 'string', maxLength: 5 },
        day: { type: 'string', format: 'date' },
        n: { type: 'number', maximum: 10 },
        pick: { type: 'array', items: { anyOf: [{ const: 'a' }, { const: 'b' }] }, minItems: 2 },
      },
      ['name'],
    ),
  );
  const fields = 'fields' in read ? read.fields : [];

  it('is checked field by field, and fields not asked for are refused', () => {
    expect(contentProblems(fields, { name: 'Ada' })).toBeNull();
    expect(
      contentProblems(fields, { name: 'Adalovelace', day: '31/12/2026', n: 11, pick: ['a'], x: 1 }),
    ).toEqual({
      name: { code: 'tooLong', limit: 5 },
      day: { code: 'format', format: 'date' },
      n: { code: 'tooLarge', limit: 10 },
      pick: { code: 'tooFew', limit: 2 },
      x: { code: 'type' },
    });
    expect(contentProblems(fields, {})).toEqual({ name: { code: 'required' } });
    expect(contentProblems(fields, { name: 5 })).toEqual({ name: { code: 'type' } });
  });

  it('carries content only with accept', () => {
    expect(
      mcpInputResponsePayloadSchema.safeParse({
        requestId: 'abcdefgh12',
        action: 'decline',
        content: { a: 1 },
      }).error?.issues[0]?.message,
    ).toBe('content goes only with accept');
    expect(
      mcpInputResponsePayloadSchema.safeParse({ requestId: 'abcdefgh12', action: 'maybe' }).error
        ?.issues[0]?.message,
    ).toBe('action must be accept, decline or cancel');
  });
});
