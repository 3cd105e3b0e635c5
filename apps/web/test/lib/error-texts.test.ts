import { errorCodes, errorReasons } from '@confab/protocol/errors';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { errorText } from '@/lib/error-text';
import { changeLanguage, i18nReady } from '@/lib/i18n/i18n';

const localesDir = join(import.meta.dirname, '../../src/locales/');
type ServerErrors = { codes: Record<string, string>; reasons: Record<string, string> };
const serverErrors = (language: string) =>
  (
    JSON.parse(readFileSync(`${localesDir}${language}/common.json`, 'utf8')) as {
      serverErrors: ServerErrors;
    }
  ).serverErrors;
const han = /\p{Script=Han}/u;

describe('texts for server errors', () => {
  afterEach(() => act(() => changeLanguage('en')));

  it.each(errorCodes)('has an English and a Chinese text for the code %s', (code) => {
    expect(serverErrors('en').codes[code]).toMatch(/^[^\p{Script=Han}]+$/u);
    expect(serverErrors('zh-CN').codes[code]).toMatch(han);
  });

  it.each(errorReasons)('has an English and a Chinese text for the reason %s', (reason) => {
    expect(serverErrors('en').reasons[reason]).toMatch(/^[^\p{Script=Han}]+$/u);
    expect(serverErrors('zh-CN').reasons[reason]).toMatch(han);
  });

  it('shows no English server text in the Chinese interface', async () => {
    await i18nReady;
    await act(() => changeLanguage('zh-CN'));
    const noAnswer = new ApiError({
      statusCode: 0,
      code: 'TIMEOUT',
      message: 'No answer from the server within 5 s',
    });
    expect(errorText(noAnswer)).toBe(serverErrors('zh-CN').codes.TIMEOUT);
    const upload = new ApiError({
      statusCode: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: '上传文件失败：This type of file is not accepted',
    });
    expect(errorText(upload)).toBe(serverErrors('zh-CN').codes.UNSUPPORTED_MEDIA_TYPE);
    const self = new ApiError({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      reason: 'CONTACT_SELF',
      message: 'You cannot send a friend request to yourself',
    });
    expect(errorText(self)).toBe(serverErrors('zh-CN').reasons.CONTACT_SELF);
    expect(errorText(new TypeError('Failed to fetch'))).toBe(
      serverErrors('zh-CN').codes.INTERNAL_ERROR,
    );
  });
});
