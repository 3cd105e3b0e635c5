import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addContactBodySchema,
  contactActionBodySchema,
  contactFailureTexts,
  contactOperations,
  contactsApiPaths,
  contactsPaths,
  receiverNameSchema,
} from '../src/contacts';
import { clientEventSchemas } from '../src/socket-events';

describe('contacts contract', () => {
  it('accepts any name of 1 to 254 characters once trimmed, and gives it trimmed', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 254 }), (name) => {
        const result = receiverNameSchema.safeParse(name);
        const trimmed = name.trim();
        expect(result.success).toBe(trimmed.length > 0);
        if (result.success) expect(result.data).toBe(trimmed);
      }),
    );
  });

  it.each([
    ['empty', ''],
    ['whitespace', ' \t\n '],
    ['10,000 characters', 'x'.repeat(10_000)],
    ['a number', 42],
    ['null', null],
    ['an array', ['bob']],
  ])('refuses a %s name', (_label, receiverName) => {
    expect(addContactBodySchema.safeParse({ receiverName }).success).toBe(false);
  });

  it('refuses unknown fields and bad ids in action bodies', () => {
    expect(addContactBodySchema.safeParse({ receiverName: 'bob', extra: 1 }).success).toBe(false);
    for (const contact of ['', '  ', 'x'.repeat(65), 7, null, undefined]) {
      expect(contactActionBodySchema.safeParse({ contact }).success).toBe(false);
    }
    expect(contactActionBodySchema.parse({ contact: ' abc ' })).toEqual({ contact: 'abc' });
  });

  it('has a failure text and a path under /api/chat-social-msg/contacts for every operation', () => {
    for (const operation of contactOperations) {
      expect(contactFailureTexts[operation]).toMatch(/失败$/);
      expect(contactsPaths[operation]).toBe(`/api${contactsApiPaths[operation]}`);
      expect(contactsPaths[operation]).toMatch(/^\/api\/chat-social-msg\/contacts\/[a-z]+$/);
    }
  });

  it('validates friendRequestMessage payloads', () => {
    const schema = clientEventSchemas.friendRequestMessage;
    expect(schema.safeParse({ newContact: { id: 'c1' }, receiverName: ' Bob ' }).data).toEqual({
      newContact: { id: 'c1' },
      receiverName: 'Bob',
    });
    expect(schema.safeParse({ newContact: { id: 'c1' } }).success).toBe(false);
    expect(schema.safeParse('c1').success).toBe(false);
  });
});
