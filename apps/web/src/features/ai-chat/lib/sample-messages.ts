/**
 * Sample conversations for the parts of the AI chat shown alone (/agents/mindBox/CardItem,
 * /CardLayout and /testData): the same components as the chat, fed with fixed example data.
 */
import type { AiChatMessage } from '@confab/protocol/ai-chat';

const samples: Array<Pick<AiChatMessage, 'prompt' | 'reply' | 'reasoning'>> = [
  {
    prompt: 'Compare the default temperatures of the providers in a table.',
    reasoning: 'The user wants a table. OpenAI uses 1, Ollama 0.9, DeepSeek 1.',
    reply:
      '| Provider | Range | Default |\n|---|---|---|\n| OpenAI | 0 to 2 | 1 |\n| Ollama | 0 to 1 | 0.9 |\n| DeepSeek | 0 to 2 | 1 |',
  },
  {
    prompt: 'Show a TypeScript function that sums a list.',
    reasoning: '',
    reply:
      'Here is one:\n\n```ts\nexport function sum(values: number[]): number {\n  return values.reduce((a, b) => a + b, 0);\n}\n```\n\nIt returns `0` for an empty list.',
  },
  {
    prompt: 'Where can I read about streaming?',
    reasoning: '',
    reply:
      'See [Server-sent events](https://developer.mozilla.org/docs/Web/API/Server-sent_events) and keep these in mind:\n\n- events arrive as `data:` lines\n- a blank line ends an event\n- ~~polling~~ is not needed',
  },
];

/** `count` sample messages, `gapMs` apart, ending now; every fourth one after a longer pause. */
export function sampleMessages(count: number, now = Date.now()): AiChatMessage[] {
  const messages: AiChatMessage[] = [];
  let at = now;
  for (let i = count - 1; i >= 0; i -= 1) {
    const sample = samples[i % samples.length]!;
    messages.unshift({
      id: `sample-${i}`,
      chatId: 'sample',
      ...sample,
      prompt: count > samples.length ? `${sample.prompt} (#${i + 1})` : sample.prompt,
      model: 'gpt-4o',
      provider: 'OpenAI',
      temperature: 1,
      maxTokens: null,
      inputTokens: 120 + i,
      outputTokens: 80 + i,
      memo: '',
      isActive: false,
      citedFiles: [],
      citedChunks: [],
      createdAt: at,
    });
    // A pause of an hour before every fourth message shows the timeline separators.
    at -= i % 4 === 0 ? 3_600_000 : 60_000;
  }
  return messages;
}
