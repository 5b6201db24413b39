/**
 * A secret asked for rather than passed on the command line (where it lands in the shell's
 * history and in every user's `ps`): at a terminal, a prompt on stderr and the keys read in raw
 * mode, so the terminal echoes nothing; otherwise one line of standard input
 * (`printf '%s\n' "$PW" | kassa users add …`), never echoed either.
 */
import { CliError } from './kit.js';

export interface SecretInput {
  /** process.stdin, or a stand-in in tests. */
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  /** Where the prompt goes (stderr: stdout carries only the answer). */
  prompt: (s: string) => void;
}

const processInput: SecretInput = { stdin: process.stdin, prompt: (s) => process.stderr.write(s) };

/** Reads a secret: from the terminal without echo, else the first line of stdin. Empty is refused. */
export async function readSecret(label: string, input: SecretInput = processInput): Promise<string> {
  const secret = input.stdin.isTTY && input.stdin.setRawMode ? await fromTerminal(label, input) : await firstLine(input.stdin);
  if (secret === undefined) throw new CliError(`no ${label}: give it on standard input (one line), or at a terminal when asked`, 2);
  if (secret === '') throw new CliError(`the ${label} is empty`, 2);
  return secret;
}

/** The keys typed until Enter, in raw mode (no echo); Backspace edits, Ctrl-C and Ctrl-D give up. */
function fromTerminal(label: string, { stdin, prompt }: SecretInput): Promise<string | undefined> {
  // Echo off before the prompt shows: keys typed as soon as it appears are never echoed.
  stdin.setRawMode!(true);
  prompt(`${label[0]!.toUpperCase()}${label.slice(1)} (not shown): `);
  stdin.resume();
  let typed = '';
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, value?: string) => {
      stdin.removeListener('data', onData);
      stdin.setRawMode!(false);
      stdin.pause();
      prompt('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (chunk: Buffer | string) => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n') return done(null, typed);
        if (ch === '\u0003') return done(new CliError('cancelled'));
        if (ch === '\u0004') return done(null, typed || undefined);
        if (ch === '\u007f' || ch === '\b') typed = [...typed].slice(0, -1).join('');
        else if (ch >= ' ') typed += ch;
      }
    };
    stdin.on('data', onData);
  });
}

/** The first line of a stream (without its line ending); undefined when it ends with nothing. */
function firstLine(stdin: NodeJS.ReadableStream): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    let text = '';
    const finish = (value: string | undefined) => {
      stdin.removeListener('data', onData);
      stdin.removeListener('end', onEnd);
      stdin.removeListener('error', reject);
      stdin.pause();
      resolve(value);
    };
    const onData = (chunk: Buffer | string) => {
      text += chunk.toString();
      const nl = text.indexOf('\n');
      if (nl >= 0) finish(text.slice(0, nl).replace(/\r$/, ''));
    };
    const onEnd = () => finish(text ? text.replace(/\r$/, '') : undefined);
    stdin.on('data', onData);
    stdin.on('end', onEnd);
    stdin.on('error', reject);
    stdin.resume();
  });
}
