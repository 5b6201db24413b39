/**
 * Process entry: config → database → app → workers → listen.
 * KASSA_ROLE=serve runs the API only, =work the workers only, =all (default) both.
 */
import { loadConfig, ConfigError } from './config.js';
import { buildApp } from './app.js';
import { startRuntime, startWorkers, type Workers } from './runtime.js';
import { createLogger } from './platform/observability.js';
import { DataDirInUse } from './platform/data-dir-lock.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const rt = await startRuntime(config, (m) => log.info(m));
  const { stores } = rt.services;

  if (config.seedDemoStore && (await stores.count()) === 0) {
    const demo = await stores.create({
      name: 'Demo store',
      isDemo: true,
      // A sender for shipments that name none, so the demo store can ship at once.
      shippingAddress: {
        name: 'Demo store', companyName: null, streetAddress: 'Narva mnt 5', locality: 'Tallinn', region: 'Harju maakond',
        postalCode: '10117', country: 'EE', phoneCountryCode: '+372', phoneNumber: '6001234', email: null,
      },
      // Where its payouts go (a sample account).
      payoutAccount: { iban: 'EE382200221020145685', accountName: 'Demo store' },
    });
    const lines = [
      '',
      '  Kassa demo store created (first start of an empty database)',
      `  store uuid:         ${demo.id}`,
      `  sandbox accessKey:  ${demo.keys.sandbox.accessKey}`,
      `  sandbox secretKey:  ${demo.keys.sandbox.secretKey}`,
      `  sandbox API:        ${config.publicUrl}${config.paymentsSandboxPath}`,
      `  back office:        ${config.publicUrl}/dashboard (add yourself: npm run kassa -- users add --store ${demo.id} --email you@example.com --password '…')`,
      '',
    ];
    // Printed once to the terminal of the operator who started Kassa; never logged.
    process.stdout.write(lines.join('\n') + '\n');
  }

  let workers: Workers | undefined;
  if (config.role !== 'serve') workers = await startWorkers(rt, log);

  const app = config.role !== 'work' ? await buildApp({ services: rt.services, adminToken: rt.adminToken }) : undefined;
  if (app) {
    await app.listen({ port: config.port, host: config.host });
    log.info(`Kassa ${config.role} listening on ${config.publicUrl} (payments ${config.paymentsPath}, sandbox ${config.paymentsSandboxPath}, docs /docs)`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: shutting down`);
    await app?.close();
    await workers?.stop();
    await rt.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(`configuration error: ${err.message}`);
  else if (err instanceof DataDirInUse) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
