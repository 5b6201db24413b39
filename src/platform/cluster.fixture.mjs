// An API process for cluster.test.ts: speaks the primary's protocol (cluster.ts) without an app.
// KASSA_FIXTURE: serve (listen, stop when asked), crash (listen, then exit 1), fail (fail to start).
const mode = process.env.KASSA_FIXTURE;
process.on('message', (m) => {
  if (m.kassa === 'start') {
    if (mode === 'fail') return process.send({ kassa: 'failed', message: 'no app for you' }, () => process.exit(1));
    process.send({ kassa: 'listening', address: { address: '127.0.0.1', family: 'IPv4', port: 1 } });
    if (mode === 'crash') setTimeout(() => process.exit(1), 50);
  }
  if (m.kassa === 'stop') process.exit(0);
});
process.send({ kassa: 'ready' });
