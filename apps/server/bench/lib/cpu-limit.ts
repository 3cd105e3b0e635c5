// A CPU quota of its own for a server process (Linux cgroups, v1 `cpu` or v2), so a bench can
// give each node of a site the share of a machine that a node on a machine of its own would
// have: on a small machine shared by every node, the database and the load generator, nodes
// otherwise only take CPU from one another and adding one cannot show what it adds.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = '/sys/fs/cgroup';
const periodUs = 100_000;

/**
 * Limits `child` (every thread of it) to `cores` CPUs; returns what removes the limit's group
 * once the process has exited. Throws a readable error where cgroups cannot be written.
 */
export function limitCpu(child: ChildProcess, cores: number): () => void {
  const v2 = existsSync(join(root, 'cgroup.controllers'));
  const dir = join(v2 ? root : join(root, 'cpu'), `confab-bench-${child.pid}`);
  const quotaUs = Math.round(cores * periodUs);
  try {
    mkdirSync(dir);
    if (v2) writeFileSync(join(dir, 'cpu.max'), `${quotaUs} ${periodUs}`);
    else {
      writeFileSync(join(dir, 'cpu.cfs_period_us'), String(periodUs));
      writeFileSync(join(dir, 'cpu.cfs_quota_us'), String(quotaUs));
    }
    writeFileSync(join(dir, 'cgroup.procs'), String(child.pid));
  } catch (error) {
    throw new Error(
      `BENCH_NODE_CPUS needs a writable cgroup CPU controller under ${root} (run as root, or ` +
        `leave BENCH_NODE_CPUS unset): ${(error as Error).message}`,
      { cause: error },
    );
  }
  return () => {
    try {
      rmdirSync(dir);
    } catch {
      // Still holds a process (it did not exit), or is gone already.
    }
  };
}
