import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../../src/lib/content-disposition';

describe('contentDisposition', () => {
  it('keeps quotes, backslashes, line breaks and non-ASCII out of the quoted fallback', () => {
    const header = contentDisposition('attachment', 'a"b\\c\r\nSet-Cookie: x=1;报.txt');
    expect(header).toBe(
      `attachment; filename="a_b_c__Set-Cookie: x=1;_.txt"; filename*=UTF-8''a%22b%5Cc%0D%0ASet-Cookie%3A%20x%3D1%3B%E6%8A%A5.txt`,
    );
    expect(header).not.toMatch(/[\r\n]/);
  });

  it('encodes the characters RFC 5987 reserves', () => {
    expect(contentDisposition('inline', "it's (1)*.png")).toBe(
      `inline; filename="it's (1)*.png"; filename*=UTF-8''it%27s%20%281%29%2A.png`,
    );
    expect(contentDisposition('inline', '')).toBe(`inline; filename="file"; filename*=UTF-8''`);
  });

  it('keeps bidi overrides and zero-width characters out of the fallback name', () => {
    // `invoice\u202Egnp.txt` reads as "invoicetxt.png" wherever the override is obeyed.
    const name = 'in\u200Bvoice\u202Egnp\u2066\uFEFF.txt';
    const fallback = /filename="([^"]*)"/.exec(contentDisposition('attachment', name))?.[1];
    expect(fallback).toBe('in_voice_gnp__.txt');
  });
});
