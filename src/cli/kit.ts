/**
 * What every `kassa` command shares: the one error type main.ts reports (a line on stderr and an
 * exit code), usage errors (exit 2), the operator API client, and the output channels.
 *
 * A command module exports `run(argv, io)` and parses its own options with node:util parseArgs;
 * main.ts picks the module by the first word (commands.ts). Data goes to `io.out` (stdout, one
 * record a line, or JSON with --json); progress on long work goes to `io.progress` (stderr), so a
 * pipe only ever carries the answer.
 */
import { readAdminToken } from './operator-token.js';

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

export type CommandRun = (argv: string[], io: Io) => Promise<void>;

export const serverBase = (): string => (process.env.KASSA_URL || 'http://localhost:8080').replace(/\/+$/, '');

const BOOLEAN_WORDS: Record<string, boolean> = { true: true, yes: true, on: true, '1': true, false: false, no: false, off: false, '0': false };

/** A `--flag true|false` option (also yes/no, on/off, 1/0); a usage error when absent or another word. */
export function booleanOption(value: string | undefined, option: string): boolean {
  const b = value === undefined ? undefined : BOOLEAN_WORDS[value.toLowerCase()];
  if (b === undefined) throw usageError(`${option} true|false is required`);
  return b;
}

/** The operator token (KASSA_ADMIN_TOKEN, else the data dir's file), or a CliError saying where it looked. */
export function adminToken(): string {
  const r = readAdminToken();
  if ('missing' in r) throw new CliError(r.missing);
  return r.token;
}

/** A raw answer of the operator API (for downloads): the response, after the status is checked. */
export async function operatorFetch(method: string, route: string, body?: unknown): Promise<Response> {
  const base = serverBase();
  const token = adminToken();
  let res: Response;
  try {
    res = await fetch(base + route, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  } catch (err) {
    throw new CliError(`cannot reach the Kassa server at ${base} (is it running? set KASSA_URL): ${(err as Error).message}`);
  }
  if (!res.ok) {
    const json = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new CliError(`${method} ${route} failed: ${res.status} ${json?.message ?? ''}`.trim());
  }
  return res;
}

/** A JSON call of the operator API (Bearer KASSA_ADMIN_TOKEN); a CliError names the route and the server's message. */
export async function operatorCall(method: string, route: string, body?: unknown): Promise<unknown> {
  const res = await operatorFetch(method, route, body);
  return res.status === 204 ? null : await res.json().catch(() => null);
}
