/**
 * The `kassa` command: operator commands talk to a running server's operator API (Bearer
 * KASSA_ADMIN_TOKEN), developer commands to a store's APIs with the store's keys. Each command is
 * a module of its own, listed in commands.ts; `kassa --help` prints every usage line.
 * (`npx kassa …`: package.json's bin runs bin/kassa.js, which runs this file; or `npm run kassa -- …`.)
 * Exit codes: 0 done; 1 the server refused or could not be reached; 2 a usage error. Every failure
 * is one line on stderr; progress on long work goes to stderr too, so stdout carries only the
 * answer (`--json` for machines). Output piped into a reader that stops early (`| head`) ends quietly.
 * The server: KASSA_URL, else the URL the running Kassa recorded in KASSA_DATA_DIR (default ./data)/kassa.url,
 * else HOST/PORT, else http://localhost:8080 (kit.ts `server`); KASSA_ADMIN_TOKEN, else the token the
 * server generated into the same data dir's admin-token.
 */
import { DEVELOPER_COMMANDS, OPERATOR_COMMANDS } from './commands.js';
import { CliError, ioOf, processIo, usageError, type Io } from './kit.js';

const USAGE = `usage:
${OPERATOR_COMMANDS.map((c) => c.usage).join('\n')}
${DEVELOPER_COMMANDS.map((c) => c.usage).join('\n')}
environment: KASSA_URL (default: the URL the running Kassa recorded in KASSA_DATA_DIR, else HOST/PORT, else http://localhost:8080),
  KASSA_ADMIN_TOKEN (default: KASSA_DATA_DIR/admin-token), KASSA_DATA_DIR (default ./data)`;

/** Runs one command line; `out` (or an Io) receives the answer. Throws what main() reports. */
export async function run(argv: string[], output: ((s: string) => void) | Io): Promise<void> {
  const io = typeof output === 'function' ? ioOf(output) : output;
  const noun = argv.find((a) => !a.startsWith('-'));
  if (argv.includes('--help') || argv.includes('-h') || noun === 'help') return io.out(USAGE);
  if (!noun) throw usageError('a command is required');
  const group = [...OPERATOR_COMMANDS, ...DEVELOPER_COMMANDS].find((c) => c.words.includes(noun));
  if (!group) throw usageError(`unknown command "${noun}"`);
  return group.run(argv, io);
}

/** One line, whatever the error: a CliError's message, an argument error's, or any other's. */
function oneLine(err: unknown): { message: string; exitCode: number } {
  if (err instanceof CliError) return { message: err.message, exitCode: err.exitCode };
  const code = (err as { code?: unknown } | null)?.code;
  const message = err instanceof Error ? err.message : String(err);
  if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) return { message: `${message} (kassa --help shows the usage)`, exitCode: 2 };
  return { message: `kassa: ${message}`, exitCode: 1 };
}

/** The process entry (bin/kassa.js, npm run kassa): exit codes and pipes that scripts can trust. */
export async function main(argv: string[]): Promise<void> {
  // A reader that stops early (`| head`) closes the pipe: stop quietly, as other Unix tools do.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    process.stderr.write(`kassa: ${err.message}\n`);
    process.exit(1);
  });
  try {
    await run(argv, processIo);
  } catch (err) {
    const { message, exitCode } = oneLine(err);
    process.stderr.write(`${message.replace(/\s*\n\s*/g, ' ')}\n`);
    process.exitCode = exitCode;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));
