/**
 * The browser's time zone (IANA name), which the server formats dates in and the screens pass to
 * `formatDateTime`. The first use of Intl in a page loads the browser's locale and time-zone data
 * (30–45 ms, 120–180 ms at Lighthouse's 4× slowdown), one native call that cannot be split:
 * `warmUpDateFormats` makes that first use in a worker, whose loaded data the page's own Intl
 * calls then share (a first call there costs a few milliseconds), and the worker answers the
 * time zone, so the screen opened first needs no Intl of its own to ask for its data.
 */
let timeZone: string | null = null;
let known: Promise<void> | null = null;

/** What the worker runs: its first use of Intl, answering the time zone. */
const workerSource = 'postMessage(Intl.DateTimeFormat().resolvedOptions().timeZone);';

/** Starts the warm-up (once); resolves when the time zone is known. */
export function warmUpDateFormats(): Promise<void> {
  known ??= new Promise<void>((resolve) => {
    const done = (worker?: Worker) => {
      worker?.terminate();
      resolve();
    };
    let worker: Worker;
    try {
      // The worker's one line, from memory: no file to download before it starts.
      const url = URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
      worker = new Worker(url);
      URL.revokeObjectURL(url);
    } catch {
      // No worker: the time zone is asked for on the page's thread when first needed.
      done();
      return;
    }
    worker.onmessage = (event: MessageEvent<unknown>) => {
      if (typeof event.data === 'string') {
        timeZone ??= event.data;
      }
      done(worker);
    };
    worker.onerror = () => {
      done(worker);
    };
    // A worker that does not answer holds nothing up for long.
    setTimeout(() => {
      done(worker);
    }, 1000);
  });
  return known;
}

/** The browser's time zone: the warm-up's answer, or Intl's. */
export function localTimeZone(): string {
  timeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return timeZone;
}
