import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contactFailureTexts, contactStatuses } from '../src/contacts';
import { errorCodes } from '../src/errors';
import { limits } from '../src/limits';
import { modelCatalogue } from '../src/models';
import { providerNames, providers } from '../src/providers';
import { serviceIds } from '../src/services';
import {
  missingSendParametersWarning,
  socialChatFailureTexts,
  typingExpiryMs,
  uploadLimits,
} from '../src/social-chat';
import { clientEventSchemas } from '../src/socket-events';

/* docs/product.md states the contract's values; these checks keep it from drifting. */

const productDoc = readFileSync(join(import.meta.dirname, '../../../docs/product.md'), 'utf8');

/** The text from `<a id="{anchor}">` to the next anchor. */
function section(anchor: string): string {
  const start = productDoc.indexOf(`<a id="${anchor}"></a>`);
  if (start === -1) throw new Error(`docs/product.md has no anchor ${anchor}`);
  const end = productDoc.indexOf('<a id="', start + 1);
  return productDoc.slice(start, end === -1 ? undefined : end);
}

/** The cells of each table row, without backticks. */
function rows(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim().replace(/`/g, '')),
    );
}

function rowOf(text: string, first: string): string[] | undefined {
  return rows(text).find((cells) => cells[0] === first);
}

describe('docs/product.md', () => {
  it('gives every limit its value', () => {
    const table = section('limits');
    for (const [name, value] of Object.entries(limits)) {
      const expected = value instanceof RegExp ? value.source : String(value);
      expect(rowOf(table, name)?.[1], name).toBe(expected);
    }
  });

  it('states the upload limit and the typing expiry', () => {
    const text = section('limits');
    expect(text).toContain(`\`uploadLimits.maxBytes\` = ${uploadLimits.maxBytes}`);
    for (const type of uploadLimits.mimeTypes) expect(text).toContain(`\`${type}\``);
    expect(text).toContain(`\`typingExpiryMs\` = ${typingExpiryMs}`);
  });

  it('holds every fixed failure text of the social API', () => {
    const text = section('failure-texts');
    for (const failure of [
      ...Object.values(contactFailureTexts),
      ...Object.values(socialChatFailureTexts),
    ]) {
      expect(text).toContain(`\`${failure}\``);
    }
    expect(section('ui-texts')).toContain(`\`${missingSendParametersWarning}\``);
  });

  it('lists every error code, every client event and every internal service', () => {
    for (const code of errorCodes) expect(rowOf(section('error-codes'), code), code).toBeDefined();
    for (const event of Object.keys(clientEventSchemas)) {
      expect(rowOf(section('socket-client-events'), event), event).toBeDefined();
    }
    for (const id of serviceIds) expect(rowOf(section('services'), id), id).toBeDefined();
  });

  it('names the contact statuses as stored', () => {
    const text = section('friend-requests');
    for (const status of contactStatuses) expect(text).toContain(`\`${status}\``);
  });

  it('gives each provider its default base and model, and its temperature range', () => {
    for (const name of providerNames) {
      const { defaultBase, defaultModel, modelListPath, temperature } = providers[name];
      expect(rowOf(section('models'), name)?.slice(1, 4), name).toEqual([
        defaultBase,
        defaultModel,
        modelListPath,
      ]);
      expect(rowOf(section('temperature'), name)?.slice(1), name).toEqual([
        `${temperature.min} to ${temperature.max}`,
        String(temperature.default),
      ]);
    }
  });

  it('gives each catalogued model its context window, output limit and prices', () => {
    for (const model of modelCatalogue) {
      expect(rowOf(section('models'), model.label)?.slice(1, 5), model.label).toEqual([
        String(model.contextWindow),
        String(model.maxTokens),
        model.inputPrice === null ? '' : String(model.inputPrice),
        model.outputPrice === null ? '' : String(model.outputPrice),
      ]);
    }
  });
});
