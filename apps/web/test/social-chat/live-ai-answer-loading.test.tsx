import { render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { AiMarkdownSlot, type AiMarkdownProps } from '@/lib/ai-bridge/ai-bridge';
import { LiveAiBubble } from '@/features/social-chat/components/live-ai-answers';
import '@/lib/i18n/i18n';

// The AI chat's markdown as the app provides it: a lazy component, here one whose code never
// arrives (a slow network).
const NeverLoads = lazy(() => new Promise<{ default: (p: AiMarkdownProps) => null }>(() => {}));

describe('a live answer while the markdown code loads', () => {
  it('shows its text as plain text and leaves the rest of the room on screen', () => {
    render(
      <Suspense fallback={<p>app loading screen</p>}>
        <AiMarkdownSlot value={NeverLoads}>
          <p>the room</p>
          <LiveAiBubble
            own={false}
            answer={{
              chatId: 'c',
              answerId: 'a',
              askerId: 'bob-id',
              askerUsername: 'bob',
              model: 'gpt-4o',
              provider: 'OpenAI',
              contextCount: 3,
              text: 'The first words',
              stopped: null,
            }}
          />
        </AiMarkdownSlot>
      </Suspense>,
    );
    expect(screen.queryByText('app loading screen')).toBeNull();
    expect(screen.getByText('the room')).toBeTruthy();
    expect(screen.getByText('The first words')).toBeTruthy();
  });
});
