import { describe, expect, it } from 'vitest';
import { parseWrk, wrkDurationMs } from './wrk.js';

const SAMPLE = `Running 10s test @ http://127.0.0.1:18090/x
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.13ms    1.23ms  22.74ms   92.16%
    Req/Sec    24.67k     1.10k   26.00k    80.00%
  Latency Distribution
     50%    1.78ms
     75%    2.40ms
     90%    3.30ms
     99%    7.80ms
  245600 requests in 10.00s, 10.55GB read
  Non-2xx or 3xx responses: 3
Requests/sec:  24547.80
Transfer/sec:      1.05GB
`;

describe('wrk report', () => {
  it('reads rate, percentiles and failures', () => {
    expect(parseWrk(SAMPLE)).toEqual({
      rps: 24548,
      requests: 245600,
      durationS: 10,
      latencyMs: { p50: 1.78, p90: 3.3, p99: 7.8, max: 22.74, mean: 2.13 },
      non2xx: 3,
      socketErrors: 0,
      timeouts: 0,
    });
  });
  it('converts its units', () => {
    expect(wrkDurationMs('850.00us')).toBe(0.85);
    expect(wrkDurationMs('1.02s')).toBe(1020);
    expect(() => wrkDurationMs('fast')).toThrow();
  });
});
