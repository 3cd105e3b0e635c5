import { buildMetaSchema } from '@confab/protocol/builds';
import { describe, expect, it } from 'vitest';
import { readBuildMeta } from '@/lib/version/build-meta-shape';

const samples: unknown[] = [
  { id: 'mabc-1f2e3d', timestamp: 1_700_000_000_000 },
  { id: 'x', timestamp: 0, extra: true },
  { id: '', timestamp: 1 },
  { id: 'x', timestamp: 1.5 },
  { id: 'x', timestamp: '1' },
  { id: 7, timestamp: 1 },
  { timestamp: 1 },
  null,
  '<!doctype html>',
];

describe('reading builds/latest.json without the schema library', () => {
  it.each(samples.map((sample) => [JSON.stringify(sample), sample]))(
    'agrees with the protocol schema on %s',
    (_name, sample) => {
      const expected = buildMetaSchema.safeParse(sample);
      const read = readBuildMeta(sample);
      expect(read !== null).toBe(expected.success);
      if (expected.success) expect(read).toEqual(expected.data);
    },
  );
});
