// A Chromium performance trace of the page's main thread, read back as what each long task
// spent its time on: the trace events under it (layout, style, script, paint, GC) and the
// JavaScript functions the sampling profiler caught, with the script that forced each layout.
// The bench prints it with BENCH_TRACE=1, to find a task's cause before changing code.
import type { CDPSession, Page } from '@playwright/test';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time: less than `dur` when the thread waited for a core. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      functionName?: string;
      url?: string;
      cpuProfile?: {
        nodes?: Array<{
          id: number;
          parent?: number;
          callFrame: { functionName: string; url: string; lineNumber: number };
        }>;
        samples?: number[];
      };
      timeDeltas?: number[];
    };
    beginData?: {
      stackTrace?: Array<{ functionName: string; url: string; lineNumber: number }>;
      dirtyObjects?: number;
      totalObjects?: number;
    };
    elementCount?: number;
  };
}

const categories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.stack',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
].join(',');

export interface TaskTrace {
  stop(): Promise<TraceEvent[]>;
}

export async function startTrace(page: Page): Promise<TaskTrace> {
  const session: CDPSession = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  session.on('Tracing.dataCollected', ({ value }) =>
    events.push(...(value as unknown as TraceEvent[])),
  );
  await session.send('Tracing.start', {
    traceConfig: { includedCategories: categories.split(',') },
    transferMode: 'ReportEvents',
  });
  return {
    async stop() {
      const complete = new Promise<void>((resolve) =>
        session.once('Tracing.tracingComplete', () => resolve()),
      );
      await session.send('Tracing.end');
      await complete;
      await session.detach();
      return events;
    },
  };
}

const short = (url: string) => url.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '.js');

/** The long tasks (over `overMs`) of the renderer's main thread, each with its breakdown. */
export function describeLongTasks(events: TraceEvent[], overMs = 50): string[] {
  const main = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  if (!main) return ['no renderer main thread in the trace'];
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > overMs * 1000);
  const samples = profileSamples(events, main.pid, main.tid);
  const origin = Math.min(...onMain.map((e) => e.ts));
  return tasks.map((task) => {
    const end = task.ts + task.dur!;
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < end);
    const byName = new Map<string, number>();
    for (const e of inside) {
      if (
        !['Layout', 'UpdateLayoutTree', 'Paint', 'PrePaint', 'Layerize', 'Commit'].includes(
          e.name,
        ) &&
        !/GC|ParseHTML|FunctionCall|EvaluateScript|TimerFire|FireAnimationFrame|RunMicrotasks|EventDispatch|v8.compile|HandlePostMessage/.test(
          e.name,
        )
      )
        continue;
      const label =
        e.name === 'FunctionCall'
          ? `FunctionCall ${e.args?.data?.functionName || '(anonymous)'} ${short(e.args?.data?.url ?? '')}`
          : e.name;
      byName.set(label, (byName.get(label) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const forced = new Map<string, number>();
    for (const e of inside.filter((x) => x.name === 'Layout' || x.name === 'UpdateLayoutTree')) {
      const top = e.args?.beginData?.stackTrace?.[0];
      if (!top) continue;
      const label = `${e.name} forced by ${top.functionName || '(anonymous)'} ${short(top.url)}:${top.lineNumber}`;
      forced.set(label, (forced.get(label) ?? 0) + (e.dur ?? 0) / 1000);
    }
    // How much each of the longest style and layout passes touched: elements restyled, layout
    // objects dirty of all.
    const sizes = inside
      .filter((x) => x.name === 'Layout' || x.name === 'UpdateLayoutTree')
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
      .slice(0, 4)
      .map(
        (x) =>
          `      ${((x.dur ?? 0) / 1000).toFixed(1).padStart(6)} ms  ${x.name} ${
            x.name === 'Layout'
              ? `${x.args?.beginData?.dirtyObjects ?? '?'} dirty of ${x.args?.beginData?.totalObjects ?? '?'} objects`
              : `${x.args?.elementCount ?? '?'} elements`
          }`,
      )
      .join('\n');
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    for (const s of samples) {
      if (s.ts < task.ts || s.ts >= end) continue;
      const leaf = s.stack[0] ?? '?';
      self.set(leaf, (self.get(leaf) ?? 0) + s.ms);
      // The app's own frames (not React's), each counted once per sample.
      for (const frame of new Set(
        s.stack.filter((f) => !/ react\.js|\(root\)|\(program\)/.test(f)),
      ))
        inclusive.set(frame, (inclusive.get(frame) ?? 0) + s.ms);
    }
    const top = (map: Map<string, number>, n: number) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => `      ${v.toFixed(1).padStart(6)} ms  ${k}`)
        .join('\n');
    return [
      `  task at ${((task.ts - origin) / 1000).toFixed(0)} ms, ${(task.dur! / 1000).toFixed(0)} ms (on a core: ${task.tdur === undefined ? '?' : (task.tdur / 1000).toFixed(0)} ms)`,
      '    events (inclusive):',
      top(byName, 12),
      '    forced layout / style by script:',
      top(forced, 6) || '      none',
      '    longest style and layout passes:',
      sizes || '      none',
      '    sampled JavaScript, self time:',
      top(self, 12),
      '    sampled JavaScript outside React, inclusive:',
      top(inclusive, 14),
    ].join('\n');
  });
}

/**
 * The sampling profiler's samples of the main thread, each with its stack (leaf first) and
 * length. Chunks come from the profiler's own thread; their id names the profile they extend.
 */
function profileSamples(events: TraceEvent[], pid: number, tid: number) {
  const ids = new Set(
    events.filter((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid).map((e) => e.id),
  );
  const frames = new Map<string, { label: string; parent?: string }>();
  const raw: Array<{ ts: number; node: string }> = [];
  const clock = new Map<string, number>();
  for (const e of events) {
    if (e.name === 'Profile' && ids.has(e.id)) clock.set(e.id!, e.ts);
    if (e.name !== 'ProfileChunk' || !ids.has(e.id)) continue;
    const data = e.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) {
      const f = node.callFrame;
      frames.set(`${e.id}:${node.id}`, {
        label: `${f.functionName || '(anonymous)'} ${short(f.url ?? '')}:${f.lineNumber ?? 0}`,
        parent: node.parent === undefined ? undefined : `${e.id}:${node.parent}`,
      });
    }
    let at = clock.get(e.id!) ?? e.ts;
    const deltas = data?.timeDeltas ?? [];
    (data?.cpuProfile?.samples ?? []).forEach((node, i) => {
      at += deltas[i] ?? 0;
      raw.push({ ts: at, node: `${e.id}:${node}` });
    });
    clock.set(e.id!, at);
  }
  const stack = (node: string) => {
    const out: string[] = [];
    for (let at: string | undefined = node; at; at = frames.get(at)?.parent)
      out.push(frames.get(at)?.label ?? at);
    return out;
  };
  const samples = raw
    .sort((a, b) => a.ts - b.ts)
    .map((s) => ({ ts: s.ts, ms: 0, stack: stack(s.node) }));
  samples.forEach((s, i) => (s.ms = ((samples[i + 1]?.ts ?? s.ts) - s.ts) / 1000));
  return samples;
}
