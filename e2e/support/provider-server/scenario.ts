/**
 * A scenario says how the test provider answers one request. It is chosen per request, so tests
 * running side by side never interfere:
 *   - by a path prefix: `/s/<name>[,<option>...]/...` (put it in the provider's base URL, e.g.
 *     `http://127.0.0.1:PORT/s/deepseek-reasoning,drip:20/v1`), or
 *   - by the header `x-provider-scenario: <name>[,<option>...]` (tests calling from Node).
 * Without one, a chat request replays `openai-text` (SSE) or `ollama-text` (Ollama).
 *
 * Names: every recording of recordings.ts, plus
 *   - `synthetic`: `tokens:N` content tokens as fast as the socket takes them (the benchmark);
 *   - `<provider>-tool-loop` (openai, deepseek, ollama): the recorded tool call while the request
 *     has no tool message, then the recorded answer that follows it;
 *   - `openai-tools`, `deepseek-tools`: the recorded tool call rewritten to the `call:` options
 *     for `rounds` rounds, then an answer quoting the tool messages received (tool-script.ts).
 * Options:
 *   status:N          answer HTTP N instead of a stream
 *   body:json|none|html|text   the error body with `status` (json: the provider's error shape)
 *   message:TEXT      the error message in a json body (URL-encoded)
 *   html              a 200 web page instead of the API (a base URL pointing at a website)
 *   chunk:N           write the body N bytes at a time
 *   split-utf8        split every multi-byte character across two network writes
 *   drip:MS           wait MS between events
 *   delay:MS          wait MS before the headers
 *   cut:N             destroy the connection after N events
 *   hold:N            after N events, wait until the test calls `release(tag)` (the scenario's
 *                     `tag`, '' without one): a reply held open mid-stream, without timing
 *   no-done           leave out `data: [DONE]`
 *   comments          a `: keep-alive` comment line before every event
 *   event-lines       an `event: message` line in every event
 *   no-cors           no CORS headers (a local server that does not allow the app's origin)
 *   no-show           `POST /api/show` answers 404 (an Ollama too old to report capabilities)
 *   tokens:N          token count of `synthetic`
 *   rate:N            `synthetic` paced at N events a second (about one token each), as fast
 *                     providers send, instead of as fast as the socket takes them
 *   call:NAME:JSON    a tool call of `<provider>-tools` (repeat for two calls in one reply; the
 *                     option is URL-decoded, so encode the JSON's commas)
 *   rounds:N          tool rounds of `<provider>-tools` before it answers (default 1)
 *   then:NAME:JSON    the one tool call of the next round (after the `call:` round; each `then:`
 *                     adds a round), for a model whose calls depend on what it was told
 *   tag:TEXT          no effect; recorded with the request so a test can find its own
 */
export interface ScriptedCall {
  name: string;
  /** The arguments as the model writes them: JSON text. */
  args: string;
}

export interface Scenario {
  name: string;
  status?: number;
  body: 'json' | 'none' | 'html' | 'text';
  message?: string;
  html: boolean;
  chunk?: number;
  splitUtf8: boolean;
  drip: number;
  delay: number;
  cut?: number;
  hold?: number;
  noDone: boolean;
  comments: boolean;
  eventLines: boolean;
  noCors: boolean;
  noShow: boolean;
  tokens: number;
  rate?: number;
  calls: ScriptedCall[];
  /** The call of each round after the first, in order (`then:` options). */
  laterCalls: ScriptedCall[];
  rounds: number;
  tag?: string;
}

function number(value: string | undefined, option: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`Scenario option ${option} needs a number`);
  return n;
}

export function parseScenario(spec: string | undefined, fallback: string): Scenario {
  const [name = '', ...options] = (spec ?? '').split(',').map((p) => decodeURIComponent(p));
  const scenario: Scenario = {
    name: name || fallback,
    body: 'json',
    html: false,
    splitUtf8: false,
    drip: 0,
    delay: 0,
    noDone: false,
    comments: false,
    eventLines: false,
    noCors: false,
    noShow: false,
    tokens: 20_000,
    calls: [],
    laterCalls: [],
    rounds: 1,
  };
  for (const option of options) {
    const at = option.indexOf(':');
    const key = at < 0 ? option : option.slice(0, at);
    const value = at < 0 ? undefined : option.slice(at + 1);
    switch (key) {
      case 'status':
        scenario.status = number(value, key);
        break;
      case 'body':
        if (value !== 'json' && value !== 'none' && value !== 'html' && value !== 'text')
          throw new Error('body: json, none, html or text');
        scenario.body = value;
        break;
      case 'message':
        scenario.message = value;
        break;
      case 'html':
        scenario.html = true;
        break;
      case 'chunk':
        scenario.chunk = Math.max(1, number(value, key));
        break;
      case 'split-utf8':
        scenario.splitUtf8 = true;
        break;
      case 'drip':
        scenario.drip = number(value, key);
        break;
      case 'delay':
        scenario.delay = number(value, key);
        break;
      case 'cut':
        scenario.cut = number(value, key);
        break;
      case 'hold':
        scenario.hold = number(value, key);
        break;
      case 'no-done':
        scenario.noDone = true;
        break;
      case 'comments':
        scenario.comments = true;
        break;
      case 'event-lines':
        scenario.eventLines = true;
        break;
      case 'no-cors':
        scenario.noCors = true;
        break;
      case 'no-show':
        scenario.noShow = true;
        break;
      case 'tokens':
        scenario.tokens = number(value, key);
        break;
      case 'rate':
        scenario.rate = Math.max(1, number(value, key));
        break;
      case 'call': {
        const at = value?.indexOf(':') ?? -1;
        if (!value || at <= 0) throw new Error('call: NAME:JSON');
        scenario.calls.push({ name: value.slice(0, at), args: value.slice(at + 1) });
        break;
      }
      case 'then': {
        const at = value?.indexOf(':') ?? -1;
        if (!value || at <= 0) throw new Error('then: NAME:JSON');
        scenario.laterCalls.push({ name: value.slice(0, at), args: value.slice(at + 1) });
        scenario.rounds = 1 + scenario.laterCalls.length;
        break;
      }
      case 'rounds':
        scenario.rounds = number(value, key);
        break;
      case 'tag':
        scenario.tag = value;
        break;
      default:
        throw new Error(`Unknown scenario option ${key}`);
    }
  }
  return scenario;
}

/** `/s/<spec>/rest` → the scenario and `/rest`; other paths have no spec. */
export function splitScenarioPath(path: string): { spec?: string; path: string } {
  const match = /^\/s\/([^/]+)(\/.*)?$/.exec(path);
  if (!match) return { path };
  return { spec: match[1], path: match[2] ?? '/' };
}
