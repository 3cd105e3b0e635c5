import { missingSendParametersWarning } from '@confab/protocol/social-chat';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectLanguage } from '@/lib/i18n/languages';

const localesDir = join(import.meta.dirname, '../../src/locales/');

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keysOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

function catalog(language: string, file: string): unknown {
  return JSON.parse(readFileSync(`${localesDir}${language}/${file}`, 'utf8'));
}

describe('text catalogs', () => {
  const files = readdirSync(`${localesDir}en`);

  it('has the same namespaces in both languages', () => {
    expect(readdirSync(`${localesDir}zh-CN`).sort()).toEqual([...files].sort());
  });

  it.each(files)('has the same keys in en and zh-CN for %s', (file) => {
    expect(keysOf(catalog('zh-CN', file)).sort()).toEqual(keysOf(catalog('en', file)).sort());
  });

  it("holds the product's Chinese texts verbatim (docs/product.md#ui-texts)", () => {
    const contacts = catalog('zh-CN', 'contacts.json') as {
      list: { emptyTitle: string; emptyText: string; refresh: string };
      add: { label: string; submit: string; invalid: string; successText: string };
    };
    expect(contacts.list.emptyTitle).toBe('暂无联系人');
    expect(contacts.list.emptyText).toBe('您还没有添加任何联系人');
    expect(contacts.list.refresh).toBe('刷新列表');
    expect(contacts.add.label).toBe('好友名称');
    expect(contacts.add.submit).toBe('添加联系人');
    expect(contacts.add.invalid).toBe('请输入有效的用户名或邮箱');
    expect(contacts.add.successText).toBe('联系人添加请求已发送！');
    const common = catalog('zh-CN', 'common.json') as {
      chatInput: { placeholder: string; tooLong: string };
    };
    expect(common.chatInput.placeholder).toBe('请输入您的问题或消息');
    expect(common.chatInput.tooLong).toBe('消息长度不能超过2000个字符');
    const socialChat = catalog('zh-CN', 'socialChat.json') as { send: { missing: string } };
    expect(socialChat.send.missing).toBe(missingSendParametersWarning);
    const mindBox = catalog('zh-CN', 'mindBox.json') as {
      errors: { replyFailed: string; serviceNotReady: string };
    };
    expect(mindBox.errors.replyFailed).toBe('发生错误，请重试');
    expect(mindBox.errors.serviceNotReady).toBe('聊天服务未初始化');
  });
});

describe('language detection', () => {
  it('prefers a remembered choice', () => {
    expect(detectLanguage('zh-CN', ['en-US'])).toBe('zh-CN');
  });

  it('maps any Chinese browser language to zh-CN and anything else to English', () => {
    expect(detectLanguage(null, ['zh-TW', 'en'])).toBe('zh-CN');
    expect(detectLanguage(null, ['fr-FR', 'zh'])).toBe('zh-CN');
    expect(detectLanguage(null, ['en-GB', 'zh-CN'])).toBe('en');
    expect(detectLanguage(null, ['fr-FR'])).toBe('en');
    expect(detectLanguage('klingon', [])).toBe('en');
  });
});
