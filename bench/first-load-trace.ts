/// <reference lib="dom" />
/**
 * Where the main thread's time goes during a screen's cold first load, signed in: a Chromium
 * performance trace with the JavaScript sampling profiler, on a phone-sized page.
 *
 *   npx tsx bench/first-load-trace.ts [--path /AllRequest] [--account "Ada Admin"] [--runs 1]
 *     [--cpu 4] [--width 412] [--out DIR]
 *
 * The server starts as in bench/lighthouse.ts (the build in WEB_DIST_DIR or packages/web/dist,
 * not rebuilt; a non-minified build names the functions: `npx vite build --minify false`).
 * For each long task (≥ 50 ms) it prints the functions with the most self time and the
 * outermost named frames below the task, so a long task can be attributed to its cause.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { signIn, startServer } from './signed-in-server.ts';
import puppeteer from 'puppeteer-core';

const { values: args } = parseArgs({
  options: {
    path: { type: 'string', default: '/AllRequest' },
    account: { type: 'string', default: 'Ada Admin' },
    runs: { type: 'string', default: '1' },
    cpu: { type: 'string', default: '4' },
    width: { type: 'string', default: '412' },
    // The shortest task shown, in ms of the trace (50 at CPU ×4 is about 12 at ×1).
    min: { type: 'string', default: '50' },
    out: { type: 'string' },
    // Analyse a trace written by --out instead of recording one.
    trace: { type: 'string' },
  },
});

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time: what the task cost, less what a busy machine added. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    data?: {
      cpuProfile?: {
        nodes?: {
          id: number;
          parent?: number;
          callFrame: { functionName: string; url: string; lineNumber: number };
        }[];
        samples?: number[];
      };
      timeDeltas?: number[];
      frame?: string;
    };
  };
}

interface ProfileNode {
  parent?: number;
  name: string;
}

/**
 * Joins the profile chunks of the renderer's main thread into timed samples. A trace holds one
 * profile per profiled thread (a page's workers too), each a `Profile` event on its thread and
 * chunks that name it by `id`: only the main thread's are read, or a worker's samples would be
 * counted inside the main thread's tasks.
 */
function samplesOf(events: TraceEvent[], pid: number, tid: number) {
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  if (!profile) {
    return { nodes, samples };
  }
  let ts = (profile.args?.data as { startTime?: number } | undefined)?.startTime ?? profile.ts;
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid || e.id !== profile.id) {
      continue;
    }
    const data = e.args?.data;
    for (const n of data?.cpuProfile?.nodes ?? []) {
      const file = (n.callFrame.url ?? '').split('/').pop() ?? '';
      nodes.set(n.id, {
        parent: n.parent,
        name: `${n.callFrame.functionName || '(anonymous)'} ${file}:${n.callFrame.lineNumber + 1}`,
      });
    }
    const list = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    list.forEach((node, i) => {
      ts += deltas[i] ?? 0;
      samples.push({ ts, node });
    });
  }
  return { nodes, samples };
}

function stackOf(nodes: Map<number, ProfileNode>, id: number): string[] {
  const stack: string[] = [];
  for (let n = nodes.get(id); n; n = n.parent === undefined ? undefined : nodes.get(n.parent)) {
    stack.unshift(n.name);
  }
  return stack;
}

const top = (m: Map<string, number>, n: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `    ${(v / 1000).toFixed(1).padStart(7)} ms  ${k}`)
    .join('\n');

function analyse(events: TraceEvent[]) {
  // The page's renderer: of the renderer main threads, the busiest.
  const busy = new Map<string, number>();
  for (const e of events) {
    if (e.name === 'RunTask' && e.ph === 'X') {
      busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
    }
  }
  const main = events
    .filter((e) => e.name === 'thread_name' && (e.args as { name?: string })?.name === 'CrRendererMain')
    .sort((a, b) => (busy.get(`${b.pid}:${b.tid}`) ?? 0) - (busy.get(`${a.pid}:${a.tid}`) ?? 0))[0];
  if (!main) {
    throw new Error('No renderer main thread in the trace');
  }
  const tasks = events
    .filter(
      (e) =>
        e.pid === main.pid &&
        e.tid === main.tid &&
        e.ph === 'X' &&
        e.name === 'RunTask' &&
        (e.dur ?? 0) >= Number(args.min) * 1000,
    )
    .sort((a, b) => a.ts - b.ts);
  const navStart =
    events.find((e) => e.name === 'navigationStart' && e.pid === main.pid)?.ts ?? tasks[0]?.ts ?? 0;
  const { nodes, samples } = samplesOf(events, main.pid, main.tid);
  const allTasks = events.filter(
    (e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask',
  );
  const totalBusy = allTasks.reduce((sum, e) => sum + (e.dur ?? 0), 0);
  const totalCpu = allTasks.reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0), 0);
  // Lighthouse's blocking time of the tasks after the first paint, from their CPU time at ×4 when
  // recorded at ×1 (--cpu 1): a rough guide, steadier than wall time on a shared machine.
  const fcpTs = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid)?.ts ?? 0;
  const scale = 4 / Number(args.cpu);
  const blocking = allTasks
    .filter((e) => e.ts >= fcpTs)
    .reduce((sum, e) => sum + Math.max(0, ((e.tdur ?? e.dur ?? 0) / 1000) * scale - 50), 0);
  const cpuTasks = allTasks
    .filter((e) => e.ts >= fcpTs && (e.tdur ?? 0) >= 5000)
    .map((e) => `${((e.tdur ?? 0) / 1000).toFixed(0)}`)
    .join(' ');
  console.log(
    `main thread CPU ${(totalCpu / 1000).toFixed(0)} ms (wall ${(totalBusy / 1000).toFixed(0)} ms); after the first paint, tasks ≥ 5 ms of CPU: ${cpuTasks}; blocking at ×4 ≈ ${blocking.toFixed(0)} ms`,
  );
  const at = (ts: number) => `${((ts - navStart) / 1000).toFixed(0)} ms`;
  const requests = events
    .filter((e) => e.name === 'ResourceSendRequest' && e.pid === main.pid)
    .map(
      (e) =>
        `${at(e.ts)} ${((e.args?.data as { url?: string } | undefined)?.url ?? '').replace(/^https?:\/\/[^/]+/, '')}`,
    )
    .filter((line) => / \/api\//.test(line));
  const lcp = events
    .filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.pid === main.pid)
    .map((e) => `${at(e.ts)} ${(e.args?.data as { nodeName?: string } | undefined)?.nodeName ?? ''}`);
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid);
  console.log(`first contentful paint ${fcp ? at(fcp.ts) : '?'}; LCP candidates: ${lcp.join('; ')}`);
  console.log(`API calls sent: ${requests.join('; ')}`);
  console.log(`main thread busy ${(totalBusy / 1000).toFixed(0)} ms; ${tasks.length} long task(s)`);
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inner = events
      .filter(
        (e) =>
          e.pid === main.pid &&
          e.tid === main.tid &&
          e.ph === 'X' &&
          e.ts >= task.ts &&
          e.ts < end &&
          e.name !== 'RunTask' &&
          (e.dur ?? 0) > 5_000,
      )
      .map((e) => `${e.name} ${((e.dur ?? 0) / 1000).toFixed(0)}`)
      .slice(0, 8)
      .join(', ');
    console.log(
      `\n  task at ${((task.ts - navStart) / 1000).toFixed(0)} ms, ${((task.dur ?? 0) / 1000).toFixed(0)} ms (CPU ${((task.tdur ?? 0) / 1000).toFixed(0)} ms): ${inner}`,
    );
    const self = new Map<string, number>();
    const outer = new Map<string, number>();
    const taskSamples = samples.filter((s) => s.ts >= task.ts && s.ts < end);
    taskSamples.forEach((s, i) => {
      const dt = (taskSamples[i + 1]?.ts ?? end) - s.ts;
      const stack = stackOf(nodes, s.node);
      const leaf = stack.at(-1) ?? '?';
      self.set(leaf, (self.get(leaf) ?? 0) + dt);
      // Outermost frames of the app or its libraries, three deep.
      const named = stack.filter((f) => !f.startsWith('(root)') && !f.startsWith('(program)'));
      const key = named.slice(0, 3).join(' > ') || leaf;
      outer.set(key, (outer.get(key) ?? 0) + dt);
    });
    console.log('   self time:\n' + top(self, 12));
    console.log('   outer frames:\n' + top(outer, 6));
  }
}

async function main() {
  if (args.trace) {
    analyse((JSON.parse(fs.readFileSync(args.trace, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents);
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uap-trace-'));
  const { url, child } = await startServer(dataDir);
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const session = await signIn(browser, url, args.account);
    for (let run = 1; run <= Number(args.runs); run += 1) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      const width = Number(args.width);
      await page.setViewport({
        width,
        height: width > 600 ? 900 : 823,
        isMobile: width <= 600,
        hasTouch: width <= 600,
      });
      const { origin } = new URL(url);
      await page.evaluateOnNewDocument(
        (entries: Record<string, string>, appOrigin: string) => {
          if (location.origin === appOrigin) {
            for (const [key, value] of Object.entries(entries)) {
              sessionStorage.setItem(key, value);
            }
          }
        },
        session,
        origin,
      );
      const cdp = await page.createCDPSession();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(args.cpu) });
      await page.tracing.start({
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'disabled-by-default-v8.cpu_profiler',
          'v8.execute',
          'blink.user_timing',
          'toplevel',
        ],
      });
      await page.goto(`${url}${args.path}`, { waitUntil: 'networkidle0', timeout: 120_000 });
      await new Promise((r) => setTimeout(r, 1000));
      const buffer = await page.tracing.stop();
      const trace = JSON.parse(Buffer.from(buffer ?? new Uint8Array()).toString()) as {
        traceEvents: TraceEvent[];
      };
      if (args.out) {
        fs.mkdirSync(args.out, { recursive: true });
        fs.writeFileSync(path.join(args.out, `trace-${run}.json`), JSON.stringify(trace));
      }
      console.log(
        `\nrun ${run} (${args.path} as ${args.account}, ${width} px, CPU ×${args.cpu}; load ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')})`,
      );
      analyse(trace.traceEvents);
      await context.close();
    }
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
