import {
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type FetchLike,
  type OAuthClientProvider,
  type Transport,
} from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { McpTransport } from '@confab/protocol/mcp';

/** The last lines a stdio server wrote to stderr: shown with its error when it fails. */
export class StderrTail {
  private text = '';

  constructor(private readonly maxChars = 2000) {}

  push(chunk: Buffer | string): void {
    this.text = (this.text + chunk.toString()).slice(-this.maxChars);
  }

  /** The last few non-empty lines, or '' when the server wrote nothing. */
  lines(count = 5): string {
    return this.text
      .split('\n')
      .map((line) => line.trimEnd())
      .filter(Boolean)
      .slice(-count)
      .join('\n');
  }
}

export interface TransportOptions {
  /** fetch for remote servers; a guarded one for servers administrators added. */
  fetch?: FetchLike;
  /** A user's OAuth sign-in: the transport sends their token and refreshes it when refused. */
  authProvider?: OAuthClientProvider;
}

export interface OpenedTransport {
  transport: Transport;
  stderr: StderrTail | null;
  /** The child process of a stdio server once started. */
  pid(): number | null;
}

export function openTransport(spec: McpTransport, options: TransportOptions): OpenedTransport {
  switch (spec.type) {
    case 'stdio': {
      const stderr = new StderrTail();
      const transport = new StdioClientTransport({
        command: spec.command,
        args: spec.args,
        env: spec.env,
        // Piped, not inherited: a chatty server must not flood the app's log, and its last
        // words explain a crash.
        stderr: 'pipe',
      });
      transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
      return { transport, stderr, pid: () => transport.pid };
    }
    case 'streamable-http': {
      const transport = new StreamableHTTPClientTransport(new URL(spec.url), {
        requestInit: { headers: spec.headers },
        ...(options.fetch && { fetch: options.fetch }),
        ...(options.authProvider && { authProvider: options.authProvider }),
      });
      return { transport, stderr: null, pid: () => null };
    }
    case 'sse': {
      const transport = new SSEClientTransport(new URL(spec.url), {
        requestInit: { headers: spec.headers },
        ...(options.fetch && { fetch: options.fetch }),
        ...(options.authProvider && { authProvider: options.authProvider }),
      });
      return { transport, stderr: null, pid: () => null };
    }
  }
}
