/**
 * Zombies for tests: processes that have exited but that their parent has not reaped (waited
 * for) yet, as a Kassa SIGKILLed under a harness that has not collected it. Their pid still exists
 * (`kill -0` succeeds), /proc/<pid>/stat says state Z.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { processState } from '../../src/platform/processes.js';

export async function waitForZombie(pid: number, ms = 4_000): Promise<void> {
  const until = Date.now() + ms;
  while (processState(pid) !== 'Z') {
    if (Date.now() > until) throw new Error(`pid ${pid} did not become a zombie (state ${processState(pid)})`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A zombie and the parent that never reaps it: `sh` starts a short `sleep` in the background,
 * prints its pid and becomes (exec) `sleep 60`, which never waits for it. Kill `parent` to let init
 * reap it. The child outlives the shell by half a second: a `sleep 0` that ended before the exec
 * was reaped by the shell itself in 13 of 200 tries on a busy machine (no zombie ever appeared).
 * `as`: the user it belongs to (root only), as `kill -0` by another user fails with EPERM.
 */
export async function zombie(as: { uid: number; gid: number } | undefined = undefined): Promise<{ pid: number; parent: ChildProcess }> {
  const parent = spawn('sh', ['-c', 'sleep 0.5 & echo $!; exec sleep 60'], { ...as, stdio: ['ignore', 'pipe', 'ignore'] });
  const pid = await new Promise<number>((resolve) => parent.stdout!.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))));
  await waitForZombie(pid);
  return { pid, parent };
}
