import { describe, expect, it } from 'vitest';
import { createGuardedFetch, isBlockedAddress, urlRefusal } from '../../src/mcp/url-guard';
import { startBlobServer } from '../helpers/mcp';

describe('the address rule for servers added through the API', () => {
  it('blocks link-local and metadata addresses in every spelling', () => {
    for (const address of [
      '169.254.169.254',
      '169.254.0.1',
      'fe80::1',
      '[fe80::abcd]',
      'febf::1',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      '100.100.100.200',
      'fd00:ec2::254',
    ]) {
      expect(isBlockedAddress(address), address).toBe(true);
    }
  });

  it('allows loopback, private and public addresses', () => {
    for (const address of [
      '127.0.0.1',
      '::1',
      '10.0.0.5',
      '192.168.1.2',
      '172.16.0.1',
      '8.8.8.8',
      '2001:db8::1',
      'fec0::1',
      '169.253.255.255',
      '169.255.0.1',
    ]) {
      expect(isBlockedAddress(address), address).toBe(false);
    }
  });

  it('refuses metadata host names and IP literals, and resolves other names', async () => {
    expect(await urlRefusal('http://metadata.google.internal/computeMetadata/v1/')).toMatch(
      /^metadata\.google\.internal is a link-local or cloud metadata address/,
    );
    expect(await urlRefusal('http://METADATA.GOOGLE.INTERNAL./x')).not.toBeNull();
    expect(await urlRefusal('http://169.254.169.254/latest')).not.toBeNull();
    expect(await urlRefusal('http://[fe80::1]:8080/mcp')).not.toBeNull();
    expect(await urlRefusal('http://localhost:3001/mcp')).toBeNull();
    expect(await urlRefusal('http://127.0.0.1:3001/mcp')).toBeNull();
    expect(await urlRefusal('http://no-such-host.invalid/mcp')).toBeNull();
  });

  it("refuses blocked addresses in the transports' own fetch, on every connection", async () => {
    const guarded = createGuardedFetch();
    const blob = await startBlobServer(10);
    try {
      await expect(guarded.fetch('http://169.254.169.254/latest/meta-data/')).rejects.toThrow(
        expect.objectContaining({
          cause: expect.objectContaining({
            message: expect.stringContaining('link-local or cloud metadata address'),
          }),
        }),
      );
      await expect(guarded.fetch('http://[fe80::1]/')).rejects.toThrow();
      const ok = await guarded.fetch(blob.url);
      expect(ok.status).toBe(200);
      expect((await ok.arrayBuffer()).byteLength).toBe(10);
    } finally {
      await blob.close();
      await guarded.close();
    }
  });
});
