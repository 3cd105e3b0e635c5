import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fieldsOfRequestedSchema,
  type McpInputField,
  type McpInputRequestPayload,
} from '@confab/protocol/mcp-input';
import { ToolInput } from '@/features/mcp-tools/components/tool-input';
import { changeLanguage } from '@/lib/i18n/i18n';

const sent = vi.hoisted((): { answers: unknown[]; reply: unknown } => ({
  answers: [],
  reply: null,
}));
vi.mock('@/lib/realtime/socket-request', () => ({
  socketRequest: (_socket: unknown, _event: string, payload: unknown) => {
    sent.answers.push(payload);
    return Promise.resolve(sent.reply ?? { ok: true, data: { requestId: 'req-12345678' } });
  },
}));

function fieldsOf(schema: unknown): McpInputField[] {
  const read = fieldsOfRequestedSchema(schema);
  if ('refusal' in read) throw new Error(read.refusal);
  return read.fields;
}

const form = (fields: McpInputField[], message = 'Tell us about you'): McpInputRequestPayload => ({
  mode: 'form',
  callId: 'call-12345678',
  requestId: 'req-12345678',
  server: 'everything',
  message,
  fields,
  expiresAt: Date.now() + 600_000,
});

const everyKind = fieldsOf({
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', description: 'Your full name', maxLength: 40 },
    email: { type: 'string', title: 'Email', format: 'email' },
    age: { type: 'integer', title: 'Age', minimum: 1, maximum: 120 },
    agree: { type: 'boolean', title: 'I agree' },
    hero: {
      type: 'string',
      title: 'Hero',
      oneOf: [
        { const: 'h1', title: 'Superman' },
        { const: 'h2', title: 'Wonder Woman' },
      ],
    },
    fish: {
      type: 'array',
      title: 'Fish',
      maxItems: 1,
      items: {
        anyOf: [
          { const: 'f1', title: 'Tuna' },
          { const: 'f2', title: 'Trout' },
        ],
      },
    },
  },
  required: ['name', 'age'],
});

beforeEach(() => {
  sent.answers = [];
  sent.reply = null;
});
afterEach(() => changeLanguage('en'));

describe("a server's form during a tool call", () => {
  it('shows a control for each kind of field, with its title, description and required mark', () => {
    render(<ToolInput input={{ question: form(everyKind) }} />);
    const region = screen.getByRole('region', { name: 'everything asks' });
    expect(
      within(region).getByRole('textbox', { name: 'Name (required)' }),
    ).toHaveAccessibleDescription('Your full name');
    expect(within(region).getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    expect(within(region).getByRole('spinbutton', { name: 'Age (required)' })).toHaveAttribute(
      'max',
      '120',
    );
    expect(within(region).getByRole('checkbox', { name: 'I agree' })).not.toBeChecked();
    expect(
      within(within(region).getByRole('combobox', { name: 'Hero' })).getAllByRole('option'),
    ).toHaveLength(3);
    const fish = within(region).getByRole('group', { name: 'Fish' });
    expect(
      within(fish)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Tuna', 'Trout']);
  });

  it('says what is wrong with each field before anything is sent', async () => {
    render(<ToolInput input={{ question: form(everyKind) }} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'nobody');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Age (required)' }), '300');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tuna' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Trout' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('textbox', { name: 'Name (required)' })).toHaveAccessibleDescription(
      'Your full name This field is required',
    );
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Enter an email address',
    );
    expect(screen.getByRole('spinbutton', { name: 'Age (required)' })).toHaveAccessibleDescription(
      'Enter 120 or less',
    );
    expect(screen.getByRole('group', { name: 'Fish' })).toHaveTextContent('Choose at most 1');
    expect(sent.answers).toEqual([]);
  });

  it('says it in Chinese too', async () => {
    await changeLanguage('zh-CN');
    render(<ToolInput input={{ question: form(everyKind) }} />);
    await userEvent.type(
      screen.getByRole('spinbutton', { name: '年龄 (必填)'.replace('年龄', 'Age') }),
      '2.5',
    );
    await userEvent.click(screen.getByRole('button', { name: '发送' }));
    expect(screen.getByRole('region', { name: 'everything 需要你填写' })).toHaveTextContent(
      '此项为必填',
    );
    expect(screen.getByText('请输入整数')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '拒绝' })).toBeInTheDocument();
  });

  it('sends the answer as the server takes it: numbers as numbers, yes/no, choices', async () => {
    render(<ToolInput input={{ question: form(everyKind) }} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name (required)' }), 'Ada');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Age (required)' }), '36');
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Hero' }), 'Wonder Woman');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Trout' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent.answers).toEqual([
      {
        requestId: 'req-12345678',
        action: 'accept',
        content: { name: 'Ada', age: 36, agree: true, hero: 'h2', fish: ['f2'] },
      },
    ]);
  });

  it("shows the server's refusal by field, and sends a decline", async () => {
    sent.reply = {
      ok: false,
      error: {
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: 'name: is required',
        fields: { name: 'is required' },
      },
    };
    render(<ToolInput input={{ question: form(everyKind.slice(0, 1)) }} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name (required)' }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your answer was not taken: name: is required',
    );
    sent.reply = null;
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(sent.answers.at(-1)).toEqual({ requestId: 'req-12345678', action: 'decline' });
  });

  it("shows the server's words as plain text", () => {
    render(
      <ToolInput
        input={{ question: form([], '<img src=x onerror=alert(1)> **bold** [link](https://x.y)') }}
      />,
    );
    expect(
      screen.getByText('<img src=x onerror=alert(1)> **bold** [link](https://x.y)'),
    ).toBeInTheDocument();
    expect(document.querySelector('img, a, strong:not(.font-mono)')).toBeNull();
  });

  it('says why a question was declined unseen', () => {
    render(<ToolInput input={{ refusal: 'the form asks for more than 20 fields' }} />);
    expect(screen.getByTestId('tool-input-refused')).toHaveTextContent(
      'The tool asked for input that cannot be shown here (the form asks for more than 20 fields), so it was declined.',
    );
  });
});

describe("a server's link during a tool call", () => {
  const link = (url: string, host: string): McpInputRequestPayload => ({
    mode: 'url',
    callId: 'call-12345678',
    requestId: 'req-12345678',
    server: 'everything',
    message: 'Sign in to continue',
    url,
    host,
    expiresAt: Date.now() + 600_000,
  });

  it('shows where it goes and opens it only when the user chooses, in a new tab without opener', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(
      <ToolInput
        input={{ question: link('https://auth.example.com/start', 'auth.example.com') }}
      />,
    );
    const region = screen.getByRole('region', { name: 'everything asks you to open a link' });
    expect(region).toHaveTextContent('The link goes to auth.example.com');
    expect(open).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Open link' }));
    expect(open).toHaveBeenCalledWith(
      'https://auth.example.com/start',
      '_blank',
      'noopener,noreferrer',
    );
    expect(sent.answers).toEqual([{ requestId: 'req-12345678', action: 'accept' }]);
  });

  it('never opens a link that is not http or https', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<ToolInput input={{ question: link('javascript:alert(1)', '') }} />);
    expect(screen.getByRole('button', { name: 'Open link' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(open).not.toHaveBeenCalled();
    expect(sent.answers).toEqual([{ requestId: 'req-12345678', action: 'decline' }]);
  });
});
