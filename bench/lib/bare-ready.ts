/** What bench/bare-server.ts prints once all its processes listen (BENCH_PROCESSES > 1); bench/lib/cluster.ts waits for it. */
export const BARE_READY = 'bare server: all processes listening';
