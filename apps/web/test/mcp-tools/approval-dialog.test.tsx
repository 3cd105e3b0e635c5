import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ToolApprovalHost } from '@/features/mcp-tools/components/tool-approval-host';
import { requestApproval, useApprovalStore } from '@/features/mcp-tools/stores/approval-store';

const request = (tool: string, args: Record<string, unknown> = { message: 'hello' }) => ({
  chatId: 'chat-1',
  callId: `call-${tool}`,
  server: 'everything',
  serverName: 'Everything',
  tool,
  args,
});

afterEach(() => useApprovalStore.setState({ queue: [] }));

describe('the approval dialog', () => {
  it('shows the tool and its arguments, and answers with the button pressed', async () => {
    render(<ToolApprovalHost />);
    let answer!: Promise<string>;
    act(() => {
      answer = requestApproval(request('echo'));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Allow this tool call?' });
    expect(dialog).toHaveTextContent('The model wants to call echo on Everything.');
    expect(dialog).toHaveTextContent('everything--echo');
    expect(dialog).toHaveTextContent('"message": "hello"');
    await userEvent.click(screen.getByRole('button', { name: 'Allow for this chat' }));
    await expect(answer).resolves.toBe('allow-chat');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('takes Escape as a denial', async () => {
    render(<ToolApprovalHost />);
    let answer!: Promise<string>;
    act(() => {
      answer = requestApproval(request('echo'));
    });
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await expect(answer).resolves.toBe('deny');
  });

  it('asks about several calls in turn', async () => {
    render(<ToolApprovalHost />);
    let first!: Promise<string>;
    let second!: Promise<string>;
    act(() => {
      first = requestApproval(request('echo'));
      second = requestApproval(request('get-sum', { a: 1, b: 2 }));
    });
    expect(await screen.findByText('1 more call waiting')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Deny' }));
    await expect(first).resolves.toBe('deny');
    expect(await screen.findByText('everything--get-sum')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Allow' }));
    await expect(second).resolves.toBe('allow');
  });

  it('goes away when the user stops the reply', async () => {
    render(<ToolApprovalHost />);
    const controller = new AbortController();
    let answer!: Promise<string>;
    act(() => {
      answer = requestApproval(request('echo'), controller.signal);
    });
    await screen.findByRole('dialog');
    act(() => controller.abort());
    await expect(answer).rejects.toThrow();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
