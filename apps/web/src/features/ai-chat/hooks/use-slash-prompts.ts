/**
 * The composer's slash commands (docs/product.md#slash-commands): `/` at the start of the text
 * lists the prompts of the tool servers; choosing one opens its argument form (or fills at once
 * when it takes none), and the prompt's text replaces the command in the composer.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { errorText } from '@/lib/error-text';
import { slashOptionId } from '../components/slash-prompt-menu';
import {
  matchPrompts,
  slashQuery,
  type PromptSources,
  type SlashPrompt,
} from '../lib/prompt-sources';

type Listed = Awaited<ReturnType<PromptSources['prompts']>>;

export interface SlashPrompts {
  open: boolean;
  loading: boolean;
  matches: SlashPrompt[];
  failures: Listed['failures'];
  active: number;
  setActive: (index: number) => void;
  choose: (prompt: SlashPrompt) => void;
  /** The prompt whose arguments are asked for. */
  chosen: SlashPrompt | null;
  fill: (args: Record<string, string>) => Promise<void>;
  cancel: () => void;
  /** Why the last prompt without arguments could not be filled. */
  failure: string | null;
  onTextChange: (text: string) => void;
  prefill: { text: string; at: number; replace: boolean } | null;
}

export function useSlashPrompts(
  sources: PromptSources | null,
  composer: RefObject<HTMLTextAreaElement | null>,
): SlashPrompts {
  const [text, setText] = useState('');
  const [listed, setListed] = useState<Listed | null>(null);
  const [loading, setLoading] = useState(false);
  const [active, setActive] = useState(0);
  // The text at which Escape closed the menu: typing on opens it again.
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [chosen, setChosen] = useState<SlashPrompt | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [prefill, setPrefill] = useState<SlashPrompts['prefill']>(null);
  const query = slashQuery(text);
  const open = Boolean(sources) && query !== null && dismissed !== text && chosen === null;
  const matches = listed && query !== null ? matchPrompts(listed.prompts, query) : [];
  const readAt = useRef(0);

  // Read when the menu opens, again after a minute: servers come and go.
  useEffect(() => {
    if (!open || !sources || loading) return;
    if (listed && Date.now() - readAt.current < 60_000) return;
    setLoading(true);
    sources.prompts().then(
      (reply) => {
        readAt.current = Date.now();
        setListed(reply);
        setLoading(false);
      },
      (error: unknown) => {
        readAt.current = Date.now();
        setListed({ prompts: [], failures: [{ server: '—', error: errorText(error) }] });
        setLoading(false);
      },
    );
  }, [open, sources, listed, loading]);

  useEffect(() => setActive(0), [query]);

  const insert = (filled: string) => {
    setText(filled);
    setPrefill({ text: filled, at: Date.now(), replace: true });
    setChosen(null);
    composer.current?.focus();
  };

  const fillWith = async (prompt: SlashPrompt, args: Record<string, string>) => {
    if (!sources) return;
    try {
      insert(await sources.fill(prompt, args));
    } catch (error) {
      throw new Error(errorText(error), { cause: error });
    }
  };

  const choose = (prompt: SlashPrompt) => {
    setFailure(null);
    if (prompt.arguments.length > 0) {
      setChosen(prompt);
      return;
    }
    fillWith(prompt, {}).catch((error: unknown) =>
      setFailure(error instanceof Error ? error.message : String(error)),
    );
    setDismissed(text);
  };

  // The composer keeps the focus: the menu's keys are taken before the composer's own (Enter
  // would send the command as text).
  const state = useRef({ open, matches, active, text, choose });
  state.current = { open, matches, active, text, choose };
  useEffect(() => {
    const element = composer.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const current = state.current;
      if (!current.open || event.isComposing || event.keyCode === 229) return;
      const count = current.matches.length;
      const take = () => {
        event.preventDefault();
        event.stopPropagation();
      };
      if (event.key === 'ArrowDown' && count) {
        take();
        setActive((current.active + 1) % count);
      } else if (event.key === 'ArrowUp' && count) {
        take();
        setActive((current.active - 1 + count) % count);
      } else if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        const prompt = current.matches[current.active];
        if (!prompt) return;
        take();
        current.choose(prompt);
      } else if (event.key === 'Escape') {
        take();
        setDismissed(current.text);
      }
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [composer]);

  // The composer names the list it drives and the option that Enter would choose.
  useEffect(() => {
    const element = composer.current;
    if (!element) return;
    if (open && matches.length) {
      element.setAttribute('aria-controls', 'slash-prompts');
      element.setAttribute('aria-activedescendant', slashOptionId(active));
    } else {
      element.removeAttribute('aria-controls');
      element.removeAttribute('aria-activedescendant');
    }
  }, [composer, open, matches.length, active]);

  return {
    open,
    loading,
    matches,
    failures: listed?.failures ?? [],
    active,
    setActive,
    choose,
    chosen,
    fill: (args) => (chosen ? fillWith(chosen, args) : Promise.resolve()),
    cancel: () => setChosen(null),
    failure,
    onTextChange: (next) => {
      setText(next);
      setFailure(null);
    },
    prefill,
  };
}
