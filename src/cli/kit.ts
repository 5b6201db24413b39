/**
 * What every `kassa` command shares: the one error type main.ts reports (a line on stderr and an
 * exit code), usage errors (exit 2), the operator API client, and the output channels.
 *
 * A command module exports `run(argv, io)` and parses its own options with node:util parseArgs;
 * main.ts picks the module by the first word (commands.ts). Data goes to `io.out` (stdout, one
 * record a line, or JSON with --json); progress on long work goes to `io.progress` (stderr), so a
 * pipe only ever carries the answer.
 */
import { servedUrl, SERVED_URL_FILE } from '../platform/served-url.js';
import { cliDataDir, readAdminToken } from './operator-token.js';

/** A failure to report in one line on stderr; `exitCode` 2 for usage errors, 1 otherwise. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

export function usageError(problem: string): CliError {
  return new CliError(`${problem} (kassa --help shows the usage)`, 2);
}

export interface Io {
  /** One line of the answer (stdout). */
  out: (line: string) => void;
  /** One line of progress or a notice (stderr): never part of the answer. */
  progress: (line: string) => void;
}

export const processIo: Io = {
  out: (s) => process.stdout.write(s + '\n'),
  progress: (s) => process.stderr.write(s + '\n'),
};

/** An Io from an answer writer alone (tests and callers of `run`); progress still goes to stderr. */
export const ioOf = (out: (s: string) => void): Io => ({ out, progress: processIo.progress });

/** Why a call did not get an answer: which server was tried, and why that one. */
export function unreachable(s: Server, err: unknown): string {
  return `cannot reach the Kassa server at ${s.base} (${s.why}; is it running?): ${(err as Error).message}`;
}

export type CommandRun = (argv: string[], io: Io) => Promise<void>;

/** The server the CLI calls, and why that one (for messages that must say which URL was tried). */
export interface Server {
  base: string;
  why: string;
}

/**
 * KASSA_URL; else the URL the running Kassa recorded in the data dir (KASSA_DATA_DIR, default
 * ./data: the dir whose admin-token the CLI reads), so a server started with PORT=8081 is found;
 * else HOST/PORT as the server reads them; else http://localhost:8080.
 */
export function server(): Server {
  const trim = (u: string) => u.replace(/\/+$/, '');
  if (process.env.KASSA_URL) return { base: trim(process.env.KASSA_URL), why: 'KASSA_URL' };
  const dir = cliDataDir();
  const recorded = servedUrl(dir);
  if (recorded) return { base: trim(recorded.url), why: `the URL Kassa pid ${recorded.pid} recorded in ${dir}/${SERVED_URL_FILE}` };
  const { HOST: host, PORT: port } = process.env;
  if (port || host) {
    const h = !host || host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? 'localhost' : host;
    return { base: `http://${h.includes(':') ? `[${h}]` : h}:${port || '8080'}`, why: 'HOST/PORT' };
  }
  return { base: 'http://localhost:8080', why: `the default: no running Kassa recorded its URL in ${dir}/${SERVED_URL_FILE}; set KASSA_URL` };
}

export const serverBase = (): string => server().base;

/**
 * The line for a call the server refused. A 401 names the server tried and why that one: another
 * Kassa (another data dir, another token) may be answering on that port.
 */
export function refusedMessage(method: string, route: string, status: number, message: string | undefined, s: Server, credential: string): string {
  const line = `${method} ${route} failed: ${status} ${message ?? ''}`.trim();
  if (status !== 401) return line;
  return `${line} at ${s.base} (${s.why}). The ${credential}; if the Kassa at that URL is not the one it belongs to (another Kassa on that port?), set KASSA_URL to the right server.`;
}

/** "1 page", "0 pages", "2 entries": one rule for every count the CLI prints. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * A listing's text output: one line a record on stdout, or, when there is none, one notice on
 * stderr ("No orders.") so that a terminal says so while a pipe still carries records only.
 */
export function listLines<T>(io: Pick<Io, 'out' | 'progress'>, items: readonly T[], nouns: string, line: (item: T) => string): void {
  if (!items.length) io.progress(`No ${nouns}.`);
  for (const item of items) io.out(line(item));
}

const BOOLEAN_WORDS: Record<string, boolean> = { true: true, yes: true, on: true, '1': true, false: false, no: false, off: false, '0': false };

/** A `--flag true|false` option (also yes/no, on/off, 1/0); a usage error when absent or another word. */
export function booleanOption(value: string | undefined, option: string): boolean {
  const b = value === undefined ? undefined : BOOLEAN_WORDS[value.toLowerCase()];
  if (b === undefined) throw usageError(`${option} true|false is required`);
  return b;
}

/** The operator token (KASSA_ADMIN_TOKEN, else the data dir's file) and where it came from, or a CliError saying where it looked. */
export function adminToken(): { token: string; from: string } {
  const r = readAdminToken();
  if ('missing' in r) throw new CliError(r.missing);
  return r;
}

/** A raw answer of the operator API (for downloads): the response, after the status is checked. */
export async function operatorFetch(method: string, route: string, body?: unknown): Promise<Response> {
  const s = server();
  const { token, from } = adminToken();
  let res: Response;
  try {
    res = await fetch(s.base + route, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  } catch (err) {
    throw new CliError(unreachable(s, err));
  }
  if (!res.ok) {
    const json = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new CliError(refusedMessage(method, route, res.status, json?.message, s, `operator token is ${from === 'KASSA_ADMIN_TOKEN' ? 'KASSA_ADMIN_TOKEN' : `the one in ${from}`}`));
  }
  return res;
}

/** A JSON call of the operator API (Bearer KASSA_ADMIN_TOKEN); a CliError names the route and the server's message. */
export async function operatorCall(method: string, route: string, body?: unknown): Promise<unknown> {
  const res = await operatorFetch(method, route, body);
  return res.status === 204 ? null : await res.json().catch(() => null);
}
