import {
  mcpServerInputSchema,
  type McpApprovalPolicy,
  type McpServer,
  type McpServerInput,
} from '@confab/protocol/mcp';

/** The add/edit form's fields, as the inputs hold them. */
export interface ServerFormValues {
  key: string;
  name: string;
  description: string;
  type: 'streamable-http' | 'sse';
  url: string;
  /** One header per line, `Name: value`. */
  headers: string;
  approvalPolicy: McpApprovalPolicy;
  active: boolean;
  /** Each user signs in with OAuth; the client fields are optional. */
  oauth: boolean;
  clientId: string;
  /** Never shown back: empty keeps the stored one. */
  clientSecret: string;
  scopes: string;
}

export function formValuesFrom(server?: McpServer): ServerFormValues {
  const transport =
    server?.transport && server.transport.type !== 'stdio' ? server.transport : null;
  return {
    key: server?.key ?? '',
    name: server?.name ?? '',
    description: server?.description ?? '',
    type: transport?.type ?? 'streamable-http',
    url: transport?.url ?? '',
    headers: transport ? headersToText(transport.headers) : '',
    approvalPolicy: server?.approvalPolicy ?? 'always ask',
    active: server?.active ?? true,
    oauth: Boolean(server?.auth),
    clientId: server?.auth?.clientId ?? '',
    clientSecret: '',
    scopes: server?.auth?.scopes ?? '',
  };
}

export function headersToText(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}

/** Headers from the text area, or the number of the first line that is not `Name: value`. */
export function headersFromText(
  text: string,
): { headers: Record<string, string> } | { badLine: number } {
  const headers: Record<string, string> = {};
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    if (!line.trim()) continue;
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim();
    if (colon <= 0 || !name) return { badLine: index + 1 };
    headers[name] = line.slice(colon + 1).trim();
  }
  return { headers };
}

export type FormCheck =
  | { ok: true; input: McpServerInput }
  | { ok: false; fields: Record<string, string>; badHeaderLine?: number };

/** Checks the form with the same schema the server uses; errors are keyed like the server's. */
export function checkServerForm(values: ServerFormValues): FormCheck {
  const read = headersFromText(values.headers);
  if ('badLine' in read) return { ok: false, fields: {}, badHeaderLine: read.badLine };
  const { headers } = read;
  const parsed = mcpServerInputSchema.safeParse({
    key: values.key,
    name: values.name,
    description: values.description,
    transport: { type: values.type, url: values.url, headers },
    approvalPolicy: values.approvalPolicy,
    active: values.active,
    ...(values.oauth && {
      auth: {
        type: 'oauth',
        ...(values.clientId.trim() && { clientId: values.clientId }),
        ...(values.clientSecret && { clientSecret: values.clientSecret }),
        ...(values.scopes.trim() && { scopes: values.scopes }),
      },
    }),
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String);
    const field =
      path[0] === 'transport' && path[1] === 'headers' ? 'transport.headers' : path.join('.');
    fields[field] ??= issue.message;
  }
  return { ok: false, fields };
}
