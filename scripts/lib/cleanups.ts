/**
 * A clean-up registry for tools that start child processes (the benchmark, the failover drill):
 * the last registered runs first, once, whether the tool ends normally, fails or is interrupted.
 * Each clean-up has an async form and a synchronous last resort (kills only) for an exit that does
 * not wait.
 */
type Cleanup = { name: string; async: () => Promise<void>; sync: () => void };
const cleanups: Cleanup[] = [];
let cleaning: Promise<void> | undefined;

export function onCleanup(name: string, async: () => Promise<void>, sync: () => void = () => undefined): void {
  cleanups.push({ name, async, sync });
}

/** Runs every clean-up (once however often called); `report` hears of one that failed. */
export function cleanup(report: (msg: string) => void = (m) => console.error(m)): Promise<void> {
  cleaning ??= (async () => {
    while (cleanups.length) {
      const c = cleanups.pop()!;
      try {
        await c.async();
      } catch (err) {
        report(`clean-up of ${c.name} failed: ${(err as Error).message}`);
        try {
          c.sync();
        } catch {
          /* the exit handler below is the last resort */
        }
      }
    }
  })();
  return cleaning;
}

// Last resort when the process exits without awaiting cleanup(): synchronous kills only.
process.on('exit', () => {
  while (cleanups.length) {
    try {
      cleanups.pop()!.sync();
    } catch {
      /* nothing more to do */
    }
  }
});
