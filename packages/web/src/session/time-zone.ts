/**
 * The browser's time zone (IANA name), which the server formats dates in and the screens pass to
 * `formatDateTime`. The first use of Intl in a page loads the browser's locale and time-zone data
 * (tens of milliseconds, more on a phone), one native call that cannot be split:
 * `warmUpDateFormats` makes that first use in a worker, whose loaded data the page's own Intl
 * calls then share (a first call there costs a few milliseconds), and the worker answers the
 * time zone, so the screen opened first needs no Intl of its own to ask for its data.
 */
let timeZone: string | null = null;
let known: Promise<void> | null = null;

/** Starts the warm-up (once); resolves when the time zone is known. */
export function warmUpDateFormats(): Promise<void> {
  known ??= new Promise<void>((resolve) => {
    const done = (worker?: Worker) => {
      worker?.terminate();
      resolve();
    };
    let worker: Worker;
    try {
      // A file of the site's own: the Content-Security-Policy (script-src 'self', no worker-src)
      // blocks a worker made from a blob: or data: address.
      worker = new Worker(new URL('./intl-warm-up.worker.ts', import.meta.url), { type: 'module' });
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
