/**
 * Loaded before `src/main.ts` (node --import) by `serverProcess(…, { replaces })`: loads the
 * server's code while the process it replaces drains, then waits until that process has left,
 * so the new one migrates, listens and turns ready only after the old one is gone, as in a
 * rolling restart whose new version is pulled and started beside the old one.
 */
import '../src/app.ts';
import '../src/db/migrate.ts';
import '../src/db/seed/index.ts';

const replaced = Number(process.env.UAP_TEST_REPLACES_PID);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

while (replaced > 0 && isAlive(replaced)) {
  await new Promise((resolve) => setTimeout(resolve, 50));
}
