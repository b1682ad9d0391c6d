/**
 * Runs in a worker (see `time-zone.ts`): the first use of Intl loads the browser's locale and
 * time-zone data, which the page's thread then finds loaded. Answers the local time zone.
 */
postMessage(Intl.DateTimeFormat().resolvedOptions().timeZone);
