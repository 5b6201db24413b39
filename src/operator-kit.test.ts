/**
 * The operator kit's files (issue 12): LICENSE, Dockerfile, compose.yaml, .dockerignore.
 * Docker cannot pull images in CI, so the image is not built here; these are the invariants the
 * files must keep: nothing fetched from outside the registries, no root at runtime, both roles,
 * the health check on /readyz, and the environment src/config.ts reads.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (f: string) => readFileSync(path.join(ROOT, f), 'utf8');

describe('LICENSE', () => {
  it('exists and is the license package.json declares', () => {
    const pkg = JSON.parse(read('package.json')) as { license: string };
    expect(pkg.license).toBe('Apache-2.0');
    const text = read('LICENSE');
    expect(text).toMatch(/^Apache License\s+Version 2\.0, January 2004/);
    expect(text).toContain('TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION');
    expect(text).toContain('END OF TERMS AND CONDITIONS');
    expect(text).toMatch(/Copyright \d{4} The Kassa authors/);
    expect(text).not.toMatch(/Microsoft|TypeScript/);
  });
});

/** Dockerfile instructions, continuation lines joined, comments dropped. */
function instructions(dockerfile: string): { op: string; args: string }[] {
  return dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const [op, ...rest] = l.split(/\s+/);
      return { op: op!.toUpperCase(), args: rest.join(' ') };
    });
}

describe('Dockerfile', () => {
  const file = read('Dockerfile');
  const steps = instructions(file);
  const stages = steps.filter((s) => s.op === 'FROM');
  const finalStage = steps.slice(steps.lastIndexOf(stages.at(-1)!));

  it('downloads nothing from outside the registries and installs no browser', () => {
    for (const s of steps) expect(s.args).not.toMatch(/\b(curl|wget)\b/i);
    for (const s of steps) {
      if (s.op === 'ADD') expect(s.args).not.toMatch(/https?:|git@/);
      if (s.op === 'RUN') expect(s.args).not.toMatch(/https?:\/\/|chromium|playwright|npm (i|install)\b/i);
    }
    // Base images by name from the Docker registry, not from another host.
    for (const s of stages) expect(s.args).toMatch(/^node:22[\w.-]*(\s+AS\s+\w+)?$/i);
    // npm packages exactly as locked.
    expect(steps.some((s) => s.op === 'RUN' && /\bnpm ci\b/.test(s.args))).toBe(true);
    expect(file).toMatch(/COPY package\.json package-lock\.json/);
  });

  it('runs as a non-root user, with a node-based health check on /readyz', () => {
    const users = finalStage.filter((s) => s.op === 'USER');
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)!.args).not.toMatch(/^(root|0)(:|$)/);
    const health = finalStage.find((s) => s.op === 'HEALTHCHECK');
    expect(health?.args).toMatch(/CMD \["node", "-e", ".*\/readyz/);
    const cmd = finalStage.find((s) => s.op === 'CMD');
    expect(cmd?.args).toContain('dist/main.js');
    // The data dir Kassa writes is the non-root user's.
    const dataDir = file.match(/KASSA_DATA_DIR=(\S+)/)?.[1];
    expect(dataDir).toBeDefined();
    expect(file).toContain(`chown node:node ${dataDir}`);
  });

  it('.dockerignore keeps node_modules, the data dir and secrets out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim());
    for (const entry of ['node_modules', '.git', 'data', 'dist', '.env']) expect(ignored).toContain(entry);
  });
});

describe('compose.yaml', () => {
  const file = read('compose.yaml');
  /** The lines of one top-level service block. */
  const service = (name: string): string => {
    const m = file.match(new RegExp(`\\n  ${name}:\\n((?:    .*\\n|\\s*\\n)+)`));
    expect(m, `service ${name}`).not.toBeNull();
    return m![1]!;
  };

  it('runs the API (serve), the worker (work) and PostgreSQL 15', () => {
    expect(service('db')).toMatch(/image: postgres:15\b/);
    expect(service('api')).toMatch(/KASSA_ROLE: serve/);
    expect(service('worker')).toMatch(/KASSA_ROLE: work/);
    for (const s of ['api', 'worker']) {
      expect(service(s)).toMatch(/build: \./);
      expect(service(s)).toMatch(/<<: \*kassa-env/);
      expect(service(s)).toMatch(/db:\n\s+condition: service_healthy/);
    }
    expect(service('api')).toMatch(/"\$\{KASSA_HTTP_PORT:-8080\}:8080"/);
  });

  it('gives both roles the environment src/config.ts reads, secrets required, none written in', () => {
    const env = file.match(/x-kassa-env: &kassa-env\n((?: {2}.*\n)+)/)![1]!;
    for (const name of ['DATABASE_URL', 'KASSA_MASTER_KEY', 'KASSA_ADMIN_TOKEN', 'KASSA_PUBLIC_URL']) expect(env).toMatch(new RegExp(`^  ${name}: `, 'm'));
    expect(env).toMatch(/DATABASE_URL: postgres:\/\/kassa:\$\{POSTGRES_PASSWORD:\?[^}]*\}@db:5432\/kassa/);
    expect(env).toMatch(/KASSA_MASTER_KEY: \$\{KASSA_MASTER_KEY:\?/);
    expect(env).toMatch(/KASSA_ADMIN_TOKEN: \$\{KASSA_ADMIN_TOKEN:\?/);
    // The values compose passes are ones loadConfig accepts.
    const config = loadConfig({ DATABASE_URL: 'postgres://kassa:pw@db:5432/kassa', KASSA_ROLE: 'work', PORT: '8080', KASSA_PUBLIC_URL: 'http://localhost:8080', KASSA_DATA_DIR: '/var/lib/kassa' });
    expect(config).toMatchObject({ role: 'work', port: 8080, databaseUrl: 'postgres://kassa:pw@db:5432/kassa', dataDir: '/var/lib/kassa' });
    expect(loadConfig({ KASSA_ROLE: 'serve' }).role).toBe('serve');
  });
});
