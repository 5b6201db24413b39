/**
 * The Node flags the server runs with: the same as `npm start` (package.json), so the benchmark
 * measures what operators run. A test keeps the two in step.
 *  --max-semi-space-size=16: caps V8's young generation (it grows to 128 MB under load on a large
 *  machine). Measured on PostgreSQL: peak RSS 240-250 MB → 160-176 MB, POST /orders 10.3k → 12.0k rps.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--enable-source-maps', '--max-semi-space-size=16'];
