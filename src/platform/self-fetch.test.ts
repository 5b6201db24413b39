import { afterEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { SelfFetch, type Fetch } from './self-fetch.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function echoApp(): Promise<FastifyInstance> {
  const a = Fastify();
  a.post('/simulators/echo', async (req) => ({ ua: req.headers['user-agent'] ?? '', body: req.body, path: req.url }));
  return a;
}

describe('SelfFetch', () => {
  const outsideCalls: string[] = [];
  const outside: Fetch = (input, init) => {
    outsideCalls.push(String(input));
    return fetch(input, init);
  };

  it("sends what is not Kassa's own origin outside, untouched", async () => {
    const f = new SelfFetch('http://kassa.test', async (input) => new Response(`elsewhere ${String(input)}`));
    f.attach((app = await echoApp()));
    expect(await (await f.fetch('https://api.stripe.com/v1/payment_intents')).text()).toBe('elsewhere https://api.stripe.com/v1/payment_intents');
  });

  it('reaches the app through inject() while it listens on no port, and over loopback HTTP once it does', async () => {
    outsideCalls.length = 0;
    const f = new SelfFetch('https://pay.example.com', outside);
    f.attach((app = await echoApp()));
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 1000 }) };
    const injected = await (await f.fetch('https://pay.example.com/simulators/echo?x=1', init)).json();
    expect(injected).toEqual({ ua: 'lightMyRequest', body: { amount: 1000 }, path: '/simulators/echo?x=1' });
    expect(outsideCalls).toEqual([]);

    await app.listen({ port: 0, host: '127.0.0.1' });
    const res = await f.fetch('https://pay.example.com/simulators/echo?x=2', init);
    expect(res.status).toBe(200);
    const wire = (await res.json()) as { ua: string; body: unknown; path: string };
    expect(wire).toMatchObject({ body: { amount: 1000 }, path: '/simulators/echo?x=2' });
    expect(wire.ua).not.toBe('lightMyRequest');
    expect(outsideCalls).toHaveLength(1);
    expect(outsideCalls[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/simulators\/echo\?x=2$/);
  });
});
