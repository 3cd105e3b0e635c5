import type { Page } from '@playwright/test';

/** A stored AI chat message as the app keeps it in IndexedDB. */
export interface SeedMessage {
  prompt: string;
  reply: string;
  reasoning?: string;
}

/**
 * A markdown-heavy reply (a heading, a list, a table, code, inline and display math), as long
 * replies are: the load of opening a long chat.
 */
export function markdownHeavyReply(i: number): string {
  return [
    `### Answer ${i}`,
    `The sum is $\\sum_{k=1}^{${i}} k = ${(i * (i + 1)) / 2}$ and costs $5 or $10.`,
    `- first point about **${i}**\n- second point with \`code\`\n- third point`,
    `| n | n² | √n |\n|---|---|---|\n| ${i} | ${i * i} | ${Math.sqrt(i).toFixed(3)} |`,
    `\`\`\`ts\nexport function f${i}(x: number): number {\n  return x * ${i} + 1;\n}\n\`\`\``,
    `$$\n\\int_0^{${i}} x^2\\,dx = \\frac{${i}^3}{3}\n$$`,
  ].join('\n\n');
}

/**
 * Writes a chat straight into the app's IndexedDB (the page must have opened the AI chat once,
 * so the database exists); the chat shows in the list after a reload.
 */
export async function seedChat(
  page: Page,
  chat: { id: string; summary: string; messages: SeedMessage[] },
): Promise<void> {
  await page.evaluate(async ({ id, summary, messages }) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('confab-ai');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(new Error(String(request.error)));
    });
    const tx = db.transaction(['aiChats', 'chatByAiMessages'], 'readwrite');
    const now = Date.now();
    const count = messages.length;
    tx.objectStore('aiChats').put({
      id,
      createdAt: now - count * 60_000,
      updatedAt: now - 1000,
      summary,
      model: '',
      systemMessage: '',
      maxCtxMessages: 10,
      temperature: 1,
      maxTokens: null,
      prompt: '',
      input: '',
      stream: true,
      context: '',
    });
    messages.forEach((message, i) => {
      tx.objectStore('chatByAiMessages').put({
        id: `${id}-${i}`,
        chatId: id,
        prompt: message.prompt,
        reply: message.reply,
        reasoning: message.reasoning ?? '',
        model: 'gpt-4o',
        provider: 'OpenAI',
        temperature: 1,
        maxTokens: null,
        inputTokens: 10,
        outputTokens: 40,
        memo: '',
        isActive: false,
        citedFiles: [],
        citedChunks: [],
        createdAt: now - (count - i) * 360_000,
      });
    });
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(new Error(String(tx.error)));
    });
    db.close();
  }, chat);
}
