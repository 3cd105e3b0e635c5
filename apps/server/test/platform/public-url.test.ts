import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';

describe('PUBLIC_URL', () => {
  it('is kept as an origin, so the OAuth addresses built on it are well formed', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://confab.example/' }).mcp.publicUrl).toBe(
      'https://confab.example',
    );
    expect(loadConfig({ PUBLIC_URL: ' https://Confab.example:8443/chat/ ' }).mcp.publicUrl).toBe(
      'https://confab.example:8443',
    );
    expect(loadConfig({}).mcp.publicUrl).toBeUndefined();
  });

  it('stops the start with a clear message when it is not an http(s) URL', () => {
    for (const value of ['confab.example', 'ftp://confab.example', 'javascript:alert(1)']) {
      expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(
        `PUBLIC_URL must be an http(s) URL such as https://confab.example, not "${value}"`,
      );
    }
  });
});
