/**
 * Registering shipments with their carriers. Pending shipments due now are claimed with
 * FOR UPDATE SKIP LOCKED and a lease (locked_until), so any number of workers share the queue and
 * a shipment claimed by a worker that died becomes available again. The carrier's answer is
 * written in ONE transaction with its webhook event: registered (tracking numbers, links, PINs,
 * carrier shipment id) + shipment.registered, or registrationFailed (the carrier's errors) +
 * shipment.registrationFailed. A carrier outage (retryable) leaves the shipment pending, due again
 * after the next delay of {@link RETRY_DELAYS_MS}; when those run out it fails.
 */
import { trackingPageUrl } from '../tracking/service.js';
import { ClaimLoop, claimById, claimDue, leaseHeartbeat, type LeasedQueue } from '../../platform/claim-loop.js';
import { withTx, type Db } from '../../platform/db.js';
import type { Env } from '../../platform/env.js';
import type {
  AdditionalService,
  CancellationResult,
  CarrierAccount,
  CountryCode,
  RegistrationError,
  RegistrationMethod,
  RegistrationRequest,
  RegistrationResult,
  SenderParty,
} from '../carriers/contract.js';
import { COD_CURRENCY, isCountryCode } from '../carriers/countries.js';
import type { CarrierRegistry } from '../carriers/registry.js';
import { findCourierService, findPickupPoint } from '../catalogue/service.js';
import type { CarrierContract, CarrierContractService } from '../contracts/service.js';
import { ContractStore } from '../contracts/store.js';
import { enqueueShipmentEvent } from '../webhooks/events.js';
import { sqlStatusIn, transition } from '../../platform/state-machine.js';
import { SHIPMENT_MACHINE, SHIPMENT_TRANSITIONS } from './states.js';
import { hasMethod, ShipmentStore, type ShipmentRecord, type ShipmentWithMethod } from './store.js';
import { shipmentJson } from './view.js';

/** Delay before the next attempt after the n-th outage (n = 1, 2, …); after the last, the shipment fails. */
export const RETRY_DELAYS_MS: readonly number[] = Object.freeze([30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000]);

/** Shipments waiting for registration: those the table lets register (pending; a literal, for the partial index shipments_due). */
const REGISTRABLE = SHIPMENT_TRANSITIONS.register.from;
const SHIPMENT_QUEUE: LeasedQueue = {
  table: 'shipments',
  dueColumn: 'next_registration_at',
  attemptsColumn: 'registration_attempts',
  waiting: sqlStatusIn(SHIPMENT_MACHINE, 'status', REGISTRABLE),
};

export interface RegistrationLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The contract a shipment registers under: the store's contract with the carrier in the method's country, else its oldest with the carrier. */
export function pickContract(contracts: readonly CarrierContract[], carrierCode: string, countryCode: string): CarrierContract | undefined {
  const own = contracts.filter((c) => c.carrierCode === carrierCode);
  return own.find((c) => c.country === countryCode) ?? own[0];
}

export function accountOf(c: CarrierContract): CarrierAccount {
  return {
    contractId: c.id,
    country: c.country,
    isDirectContract: c.isDirectContract,
    logisticsContractNumber: c.logisticsContractNumber,
    username: c.username,
    returnsAllowed: c.returnsAllowed,
    defaultLockerSize: c.defaultLockerSize,
    parcelHandoverMethod: c.parcelHandoverMethod,
    dropOffPinServiceEnabled: c.dropOffPinService,
  };
}

function methodOf(s: ShipmentWithMethod): RegistrationMethod | undefined {
  if (!isCountryCode(s.countryCode)) return undefined;
  if (s.methodType === 'pickupPoint') {
    const p = findPickupPoint(s.methodId);
    return p ? { type: 'pickupPoint', id: p.id, subtype: p.type, countryCode: p.countryCode } : undefined;
  }
  const c = findCourierService(s.methodId);
  return c ? { type: 'courier', id: c.id, subtype: c.type, countryCode: c.countryCode } : undefined;
}

const cm = (mm: number | null): number | null => (mm === null ? null : Math.round(mm / 10));

export function buildRegistrationRequest(s: ShipmentWithMethod, contract: CarrierContract, method: RegistrationMethod, sequenceStart: number | null): RegistrationRequest {
  const country = method.countryCode as CountryCode;
  const additionalServices: AdditionalService[] = s.additionalServices.map((a) => {
    if (a.code !== 'cod') return { code: 'ageVerification' };
    const currency = COD_CURRENCY[country];
    // Never reached: no carrier offers cod where Kassa has no COD currency, and the shipment service refuses services the method does not offer.
    if (!currency) throw new Error(`no cash on delivery currency for ${country}`);
    return { code: 'cod', amountMinor: a.amountMinor, currency };
  });
  const { id: _r, ...receiver } = s.receiver;
  const { id: _s, ...sender } = s.sender;
  return {
    shipmentId: s.id,
    merchantReference: s.merchantReference,
    orderComment: s.orderComment,
    account: accountOf(contract),
    shippingMethod: method,
    additionalServices,
    lockerSize: s.lockerSize,
    parcelHandoverMethod: s.parcelHandoverMethod,
    parcels: s.parcels.map((p) => ({ id: p.id, weightGrams: p.weightG, lengthCm: cm(p.lengthMm), widthCm: cm(p.widthMm), heightCm: cm(p.heightMm) })),
    receiver,
    sender: {
      ...sender,
      streetAddress: sender.streetAddress ?? '',
      locality: sender.locality ?? '',
      postalCode: sender.postalCode ?? '',
      country: sender.country ?? '',
    } satisfies SenderParty,
    sequenceStart,
  };
}

export class ShipmentRegistration {
  private readonly store: ShipmentStore;
  private readonly loop: ClaimLoop<string>;

  constructor(
    private readonly db: Db,
    private readonly carriers: CarrierRegistry,
    private readonly contracts: CarrierContractService,
    private readonly opts: {
      concurrency: number;
      pollMs?: number;
      log?: RegistrationLog | undefined;
      /** Kassa's public base URL: a parcel's trackingLink is Kassa's tracking page. */
      publicUrl: string;
    },
  ) {
    this.store = new ShipmentStore(db);
    this.loop = new ClaimLoop<string>({
      name: 'registration worker',
      concurrency: opts.concurrency,
      pollMs: opts.pollMs ?? 1000,
      claim: (limit) => this.claim(limit),
      work: (id) => this.attempt(id),
      heartbeat: leaseHeartbeat(db, SHIPMENT_QUEUE),
      log: () => this.opts.log,
    });
  }

  /** Claims up to `limit` pending shipments due now. */
  /** Claims up to `limit` pending rows due now. */
  claim(limit: number): Promise<string[]> {
    return claimDue(this.db, SHIPMENT_QUEUE, limit);
  }

  /** Claims one row now (synchronous requests); false when it is not pending or another worker holds it. */
  claimOne(id: string): Promise<boolean> {
    return claimById(this.db, SHIPMENT_QUEUE, id);
  }

  /** Registers now (POST/PATCH with synchronous true); the shipment's status afterwards is whatever resulted. */
  async registerNow(id: string): Promise<void> {
    if (await this.claimOne(id)) await this.loop.workClaimed(id);
  }

  /** One attempt at one claimed shipment; never throws (the lease expires and another attempt follows). */
  async attempt(id: string): Promise<void> {
    try {
      await this.attemptOrThrow(id);
    } catch (err) {
      this.opts.log?.error({ err, shipment: id }, 'shipment registration attempt failed');
    }
  }

  private async attemptOrThrow(id: string): Promise<void> {
    const s = await this.store.find(id, null);
    // A pending row always has its method (the table's CHECK; created ones are never claimed).
    if (!s || !REGISTRABLE.includes(s.status) || !hasMethod(s)) return;
    const contracts = await this.contracts.active(s.storeId, s.env);
    // First withdraw what a PATCH replaced; a carrier outage postpones the whole attempt.
    const withdrawn = await this.withdrawSuperseded(s, contracts);
    if (withdrawn !== true) return this.record(s, withdrawn);
    const contract = pickContract(contracts, s.carrierCode, s.countryCode);
    const method = methodOf(s);
    const adapter = this.carriers.forEnv(s.carrierCode, s.env);
    let result: RegistrationResult;
    if (!contract || !method || !adapter) {
      const missing = s.env === 'production' ? this.carriers.productionMissing(s.carrierCode) : undefined;
      const why = !contract ? `the store has no active ${s.env} contract with ${s.carrierCode}` : !adapter && missing ? missing : `shipping method ${s.methodId} is not available`;
      result = { ok: false, retryable: false, errors: [{ field: 'shippingMethod.id', code: 'SERVICE_NOT_AVAILABLE', message: why }] };
    } else {
      const sequenceStart = await this.reserveSequence(contract.id, s.parcels.length, adapter.definition.trackingNumber.capacity);
      try {
        result = await adapter.register(buildRegistrationRequest(s, contract, method, sequenceStart));
      } catch (err) {
        this.opts.log?.warn({ err, shipment: id }, 'carrier adapter threw; treated as an outage');
        result = { ok: false, retryable: true, errors: [{ code: 'CARRIER_UNAVAILABLE', message: 'the carrier could not be reached' }] };
      }
    }
    await this.record(s, result);
  }

  /** Why `env` cannot register shipments with `carrierCode` (production without the carrier's real client); undefined when it can. */
  unavailable(carrierCode: string, env: Env): string | undefined {
    return env === 'production' ? this.carriers.productionMissing(carrierCode) : undefined;
  }

  /**
   * Cancels each registration a PATCH replaced at its carrier. A carrier that took it back, or
   * does not know it (nothing to withdraw), is done with; an outage (or a throw) is returned as a
   * retryable result, so the shipment waits and tries again like any outage.
   */
  private async withdrawSuperseded(s: ShipmentWithMethod, contracts: readonly CarrierContract[]): Promise<true | RegistrationResult> {
    for (const old of s.superseded) {
      const adapter = this.carriers.forEnv(old.carrierCode, s.env);
      const contract = pickContract(contracts, old.carrierCode, s.countryCode);
      let result: CancellationResult;
      if (!adapter || !contract) {
        result = { ok: false, retryable: false, errors: [{ code: 'SERVICE_NOT_AVAILABLE', message: `no active ${s.env} contract with ${old.carrierCode} to cancel through` }] };
      } else {
        try {
          result = await adapter.cancel({ carrierShipmentId: old.carrierShipmentId, account: accountOf(contract) });
        } catch (err) {
          this.opts.log?.warn({ err, shipment: s.id }, 'carrier adapter threw on cancel; treated as an outage');
          result = { ok: false, retryable: true, errors: [] };
        }
      }
      if (!result.ok && result.retryable) {
        return {
          ok: false,
          retryable: true,
          errors: [{ code: 'CARRIER_UNAVAILABLE', message: `${old.carrierCode} could not be reached to cancel the earlier registration ${old.carrierShipmentId}` }],
        };
      }
      if (!result.ok) this.opts.log?.warn({ shipment: s.id, carrierShipmentId: old.carrierShipmentId, errors: result.errors }, 'earlier registration could not be cancelled; left as it is');
      await this.store.dropSuperseded(s.id, old.carrierShipmentId);
    }
    return true;
  }

  /**
   * Reserves `n` consecutive tracking sequence numbers from the contract's lastUsedParcelNumber
   * (starting at 1); null (the sandbox derives them from the shipment id) when the range would
   * overflow the scheme's capacity.
   */
  private async reserveSequence(contractId: string, n: number, capacity: number): Promise<number | null> {
    return new ContractStore(this.db).reserveParcelNumbers(contractId, n, capacity);
  }

  private async record(s: ShipmentRecord, result: RegistrationResult): Promise<void> {
    await withTx(this.db, async (tx) => {
      const store = new ShipmentStore(tx);
      const current = await store.find(s.id, null, true);
      if (!current || !REGISTRABLE.includes(current.status) || !hasMethod(current)) return;
      let errors: RegistrationError[] = [];
      // Checked against the table before anything is written (an outage below writes no move).
      const t = transition(SHIPMENT_MACHINE, current.status, result.ok ? 'register' : 'failRegistration');
      if (result.ok) {
        await store.markRegistered(
          s.id,
          result.carrierShipmentId,
          current.parcels.map((p, i) => {
            const got = result.parcels[i]!;
            // The public link is Kassa's tracking page, which links on to the carrier's own.
            return { id: p.id, ...got, trackingLink: trackingPageUrl(this.opts.publicUrl, current.carrierCode, got.carrierParcelId) };
          }),
        );
      } else if (result.retryable) {
        const delay = RETRY_DELAYS_MS[current.registrationAttempts - 1];
        if (delay !== undefined) {
          await store.retryLater(s.id, delay, result.errors);
          this.opts.log?.warn({ shipment: s.id, attempt: current.registrationAttempts, delayMs: delay }, 'carrier unavailable; registration retried later');
          return;
        }
        errors = result.errors;
        await store.markFailed(s.id, errors);
      } else {
        errors = result.errors;
        await store.markFailed(s.id, errors);
      }
      const after = (await store.find(s.id, null))!;
      if (t.webhook) {
        await enqueueShipmentEvent(tx, { eventType: t.webhook, storeId: after.storeId, env: after.env, shipmentId: after.id, data: shipmentJson(after) });
      }
    });
  }

  /** Registers everything due now (tests, sandbox); returns how many attempts were made. */
  drain(): Promise<number> {
    return this.loop.drain();
  }

  start(log?: RegistrationLog): void {
    if (log) this.opts.log = log;
    this.loop.start();
  }

  /** Wakes the loop (a shipment was queued). */
  poke(): void {
    this.loop.wake();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
