import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ADMIN_TOKEN, type TestApp } from '../support/app.js';
import { CARRIERS, CARRIER_CODES, carrierDefinition } from '../../src/shipping/carriers/registry.js';
import type { CarrierDefinition } from '../../src/shipping/carriers/contract.js';

/** The codes of the carriers with a fact, in listing order (as the 400s list them). */
const codesWith = (fact: (d: CarrierDefinition) => boolean) =>
  CARRIERS.filter(fact)
    .map((d) => d.code)
    .join(', ');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const SANDBOX = '/sandbox/shipping/api/v2';
const PASSWORD = 'pa55-very-secret-word';

const contractsUrl = (storeId: string) => `/operator/stores/${storeId}/carrier-contracts`;
const post = (storeId: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: contractsUrl(storeId), headers: admin, payload });

describe('carrier contracts (operator API)', () => {
  // smartpost: a carrier with lockerSize and a drop-off PIN that needs the service.
  it('activates a contract and answers it in the spec Contract shape, username masked, no password', async () => {
    const res = await post(t.store.id, {
      env: 'sandbox',
      carrierCode: 'smartpost',
      country: 'EE',
      isDirectContract: true,
      returnsAllowed: true,
      daysAllowedForReturns: 14,
      defaultLockerSize: 'M',
      logisticsContractNumber: 'BP-0001',
      credentials: { username: 'shopuser', password: PASSWORD },
      dropOffPinService: true,
    });
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(Object.keys(c)).toEqual([
      'id',
      'carrierId',
      'country',
      'lastUsedParcelNumber',
      'daysAllowedForReturns',
      'isDirectContract',
      'returnsAllowed',
      'parcelHandoverMethod',
      'defaultLockerSize',
      'logisticsContractNumber',
      'credentials',
      'createdAt',
    ]);
    expect(c).toMatchObject({
      carrierId: 'smartpost',
      country: 'EE',
      lastUsedParcelNumber: null,
      daysAllowedForReturns: 14,
      isDirectContract: true,
      returnsAllowed: true,
      parcelHandoverMethod: null,
      defaultLockerSize: 'M',
      logisticsContractNumber: 'BP-0001',
      credentials: { username: 'sh***' },
    });
    expect(new Date(c.createdAt).toISOString()).toBe(c.createdAt);
    expect(res.body).not.toContain(PASSWORD);
    expect(res.body).not.toContain('shopuser');

    // The password is sealed at rest.
    const { rows } = await t.db.query('SELECT username, password_sealed FROM carrier_contracts WHERE id = $1', [c.id]);
    expect(rows[0].username).toBe('shopuser');
    expect(rows[0].password_sealed).not.toContain(PASSWORD);
    expect(t.services.box.open(rows[0].password_sealed)).toBe(PASSWORD);

    const list = await t.app.inject({ method: 'GET', url: contractsUrl(t.store.id), headers: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ sandbox: [c], production: [] });
    expect(list.body).not.toContain(PASSWORD);
  });

  it('defaults: service contract where the carrier has one, no returns, null credentials', async () => {
    const s = await t.createStore();
    const a = await post(s.id, { env: 'production', carrierCode: 'unisend', country: 'LT', parcelHandoverMethod: 'LOCKER' }); // unisend: the carrier that takes a handover method
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({
      isDirectContract: false,
      returnsAllowed: false,
      daysAllowedForReturns: null,
      parcelHandoverMethod: 'LOCKER',
      defaultLockerSize: null,
      logisticsContractNumber: null,
      credentials: { username: null },
    });
    const b = await post(s.id, { env: 'production', carrierCode: 'dpd', country: 'PL', credentials: { username: 'ab', password: 'x' } });
    expect(b.statusCode).toBe(201);
    // dpd has DIRECT contracts only; a 2-character username is fully masked.
    expect(b.json()).toMatchObject({ isDirectContract: true, credentials: { username: '***' } });
  });

  it('validates every field against the carrier definition, naming it', async () => {
    const bad = await post(t.store.id, { env: 'staging', carrierCode: 'dhl', country: 'EE' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: `env must be one of sandbox, production; carrierCode must be one of ${CARRIER_CODES.join(', ')}`,
      code: 'KASSA_ERR_VALIDATION',
      docUrl: 'http://kassa.test/docs/errors#KASSA_ERR_VALIDATION',
    });

    const missing = await post(t.store.id, {});
    expect(missing.json().message).toBe(`env is required (one of sandbox, production); carrierCode is required (one of ${CARRIER_CODES.join(', ')}); country is required`);

    const country = await post(t.store.id, { env: 'sandbox', carrierCode: 'inpost', country: 'EE' });
    expect(country.statusCode).toBe(400);
    expect(country.json().message).toBe(`country must be one of ${carrierDefinition('inpost')!.countries.join(', ')} (the countries inpost serves)`);

    const handover = await post(t.store.id, { env: 'sandbox', carrierCode: 'omniva', country: 'LV', parcelHandoverMethod: 'COURIER' });
    expect(handover.json().message).toBe(`parcelHandoverMethod is only accepted for ${codesWith((d) => d.parcelHandoverMethods !== undefined)}`);

    const locker = await post(t.store.id, { env: 'sandbox', carrierCode: 'dpd', country: 'LV', defaultLockerSize: 'S' });
    expect(locker.json().message).toBe(`defaultLockerSize is only accepted for carriers with parcel lockers (${codesWith((d) => d.lockerSizes !== undefined)})`);
    // omniva and inpost have no compartment sizes: no default size, and no PIN service (omniva's PIN is always issued).
    for (const carrierCode of ['omniva', 'inpost'] as const) {
      const country = carrierDefinition(carrierCode)!.countries[0];
      const refused = await post(t.store.id, { env: 'sandbox', carrierCode, country, defaultLockerSize: 'M', dropOffPinService: true });
      expect(refused.statusCode, carrierCode).toBe(400);
      expect(refused.json().message, carrierCode).toMatch(/^defaultLockerSize is only accepted .*; dropOffPinService is only accepted /);
    }

    // unisend: handover methods and locker sizes, but no drop-off PIN service.
    const values = await post(t.store.id, {
      env: 'sandbox',
      carrierCode: 'unisend',
      country: 'EE',
      parcelHandoverMethod: 'DRONE',
      defaultLockerSize: 'XXL',
      daysAllowedForReturns: 14,
      dropOffPinService: true,
      credentials: { username: 'someone' },
    });
    expect(values.json().message).toBe(
      'daysAllowedForReturns is only accepted with returnsAllowed true; parcelHandoverMethod must be one of COURIER, LOCKER; ' +
        'defaultLockerSize must be one of XS, S, M, L, XL; credentials.password is required; ' +
        `dropOffPinService is only accepted for carriers whose drop-off PIN needs the service (${codesWith((d) => d.dropOffPin === 'withService')})`,
    );

    const direct = await post(t.store.id, { env: 'sandbox', carrierCode: 'dpd', country: 'EE', isDirectContract: false });
    expect(direct.json().message).toBe('isDirectContract must be true: dpd supports only DIRECT contracts');

    const types = await post(t.store.id, { env: 'sandbox', carrierCode: 'omniva', country: 'LT', returnsAllowed: 'yes', daysAllowedForReturns: 0 });
    expect(types.json().message).toBe('returnsAllowed must be true or false; daysAllowedForReturns must be from 1 to 365');
  });

  it('refuses a second contract for the same carrier, country and environment; deletes one', async () => {
    const s = await t.createStore();
    const first = await post(s.id, { env: 'sandbox', carrierCode: 'inpost', country: 'PL' });
    expect(first.statusCode).toBe(201);
    const again = await post(s.id, { env: 'sandbox', carrierCode: 'inpost', country: 'PL' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already has a sandbox contract with inpost in PL/);
    // Same carrier and country in the other environment is another contract.
    expect((await post(s.id, { env: 'production', carrierCode: 'inpost', country: 'PL' })).statusCode).toBe(201);

    const id = first.json().id;
    const del = await t.app.inject({ method: 'DELETE', url: `${contractsUrl(s.id)}/${id}`, headers: admin });
    expect(del.statusCode).toBe(204);
    const gone = await t.app.inject({ method: 'DELETE', url: `${contractsUrl(s.id)}/${id}`, headers: admin });
    expect(gone.statusCode).toBe(404);
    const list = (await t.app.inject({ method: 'GET', url: contractsUrl(s.id), headers: admin })).json();
    expect(list.sandbox).toEqual([]);
    expect(list.production).toHaveLength(1);
  });

  it('guards the routes with the admin token and checks the path', async () => {
    const none = await t.app.inject({ method: 'GET', url: contractsUrl(t.store.id) });
    expect(none.statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'POST', url: contractsUrl(t.store.id), headers: { authorization: 'Bearer nope' }, payload: {} });
    expect(wrong.statusCode).toBe(401);
    const storeToken = await t.app.inject({ method: 'GET', url: contractsUrl(t.store.id), headers: t.bearer() });
    expect(storeToken.statusCode).toBe(401);
    const badUuid = await t.app.inject({ method: 'GET', url: contractsUrl('nope'), headers: admin });
    expect(badUuid.json()).toEqual({
      statusCode: 400,
      message: 'storeUuid must be a UUID',
      error: 'Bad Request',
      code: 'KASSA_ERR_VALIDATION',
      docUrl: 'http://kassa.test/docs/errors#KASSA_ERR_VALIDATION',
    });
    const unknown = await post('0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', { env: 'sandbox', carrierCode: 'omniva', country: 'EE' });
    expect(unknown.statusCode).toBe(404);
    const badId = await t.app.inject({ method: 'DELETE', url: `${contractsUrl(t.store.id)}/x`, headers: admin });
    expect(badId.json().message).toBe('contractId must be a UUID');
  });

  it("never deletes or lists another store's contracts", async () => {
    const a = await t.createStore();
    const b = await t.createStore();
    const c = (await post(a.id, { env: 'sandbox', carrierCode: 'omniva', country: 'EE' })).json();
    const del = await t.app.inject({ method: 'DELETE', url: `${contractsUrl(b.id)}/${c.id}`, headers: admin });
    expect(del.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: contractsUrl(b.id), headers: admin })).json()).toEqual({ sandbox: [], production: [] });
    const carriers = (await t.app.inject({ method: 'GET', url: `${SANDBOX}/carriers`, headers: t.bearer({ store: b }) })).json();
    // b's sandbox has only its own built-in contracts (a's operator-added one never shows).
    const ids = carriers.carriers.flatMap((k: { contracts: { id: string; isDirectContract: boolean; carrierId: string }[] | null }) => k.contracts ?? []);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.some((k: { id: string }) => k.id === c.id)).toBe(false);
    // Kassa's SERVICE ones, and dpd's DIRECT ones on its sandbox test account.
    expect(ids.every((k: { isDirectContract: boolean; carrierId: string }) => k.isDirectContract === (k.carrierId === 'dpd'))).toBe(true);
  });
});
