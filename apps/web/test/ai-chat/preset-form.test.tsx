import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PresetForm } from '@/features/ai-chat/components/preset-form';
import { aiPreset } from '../helpers/ai-chat-records';

const preset = aiPreset('p1', { name: 'Reviewer', systemMessage: 'Review.', provider: 'OpenAI' });

// docs/product.md#presets: a preset's blank model is its own provider's, not the open chat's.
describe('the preset form', () => {
  it("names and checks against the preset's provider's model", async () => {
    const onSave = vi.fn(async () => undefined);
    render(
      <PresetForm
        preset={preset}
        activeProvider="Ollama"
        providerModels={{ Ollama: 'qwen2.5:7b', OpenAI: 'gpt-4o', DeepSeek: '' }}
        onSave={onSave}
        onCancel={() => undefined}
      />,
    );
    expect(screen.getByText("Leave blank to use the provider's model (gpt-4o).")).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save preset' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ provider: 'OpenAI', model: '' }));

    await userEvent.selectOptions(screen.getByLabelText('Provider'), 'DeepSeek');
    expect(screen.getByText("Leave blank to use the provider's model (no model).")).toBeVisible();
  });
});
