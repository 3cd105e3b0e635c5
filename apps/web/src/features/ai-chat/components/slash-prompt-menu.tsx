import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { SlashPrompt } from '../lib/prompt-sources';

export const slashOptionId = (index: number) => `slash-prompt-${index}`;

/**
 * The list that opens above the composer when the text starts with `/`: the prompts of the
 * tool servers, each with its server and description. The composer keeps the focus; ↑ ↓ move,
 * Enter or Tab chooses, Escape closes (use-slash-prompts.ts).
 */
export function SlashPromptMenu({
  prompts,
  failures,
  loading,
  active,
  onChoose,
  onHover,
}: {
  prompts: SlashPrompt[];
  failures: Array<{ server: string; error: string }>;
  loading: boolean;
  active: number;
  onChoose: (prompt: SlashPrompt) => void;
  onHover: (index: number) => void;
}) {
  const { t } = useTranslation('mindBox');
  return (
    <div
      data-testid="slash-menu"
      className="flex max-h-64 flex-col overflow-y-auto rounded-lg border border-border bg-surface p-1 shadow-md"
    >
      {loading ? <Spinner label={t('slash.loading')} className="m-2" /> : null}
      {!loading && prompts.length === 0 ? (
        <p className="p-2 text-sm text-fg-muted">{t('slash.none')}</p>
      ) : null}
      {prompts.length > 0 ? (
        <ul
          role="listbox"
          id="slash-prompts"
          aria-label={t('slash.label')}
          className="flex flex-col"
        >
          {prompts.map((prompt, index) => (
            <li
              key={`${prompt.server}/${prompt.name}`}
              id={slashOptionId(index)}
              role="option"
              aria-selected={index === active}
              className={cn(
                'flex cursor-pointer flex-col rounded-md px-2 py-1.5',
                index === active ? 'bg-surface-muted' : null,
              )}
              // The composer keeps the focus: a click must not take it away first.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => onHover(index)}
              onClick={() => onChoose(prompt)}
            >
              <span className="flex min-w-0 items-baseline gap-2">
                <span className="truncate font-mono text-sm font-semibold">/{prompt.name}</span>
                <span className="shrink-0 truncate text-xs text-fg-muted">{prompt.serverName}</span>
              </span>
              {prompt.description ? (
                <span className="line-clamp-2 text-xs break-words text-fg-muted">
                  {prompt.description}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {failures.map((failure) => (
        <p key={failure.server} className="p-2 text-xs break-words text-error-text">
          {t('slash.failed', { server: failure.server, reason: failure.error })}
        </p>
      ))}
    </div>
  );
}
