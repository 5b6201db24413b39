/**
 * The typed client's types (test/support/api/openapi.d.ts) are generated from the document; this
 * regenerates them and fails when they differ from the committed file, so the document cannot
 * drift from the server unnoticed. Fix: `npm run api:client`, review the diff, commit it.
 */
import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CLIENT_TYPES_FILE, clientTypes } from '../../scripts/api-client.js';

describe('the typed API client', () => {
  it('is generated from the current document (npm run api:client)', async () => {
    const committed = await fs.readFile(CLIENT_TYPES_FILE, 'utf8');
    const fresh = await clientTypes();
    if (fresh !== committed) console.error('test/support/api/openapi.d.ts is stale: run `npm run api:client` and commit the result');
    expect(fresh === committed).toBe(true);
  }, 60_000);
});
