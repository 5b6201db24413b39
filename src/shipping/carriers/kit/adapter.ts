/**
 * The adapter of a carrier that Kassa simulates: builds the carrier's request with its mapper,
 * sends it through JSON (as the wire would) to the carrier's simulator, and reads the answer with
 * the mapper. The simulator stands where the real carrier's client would.
 */
import type { CancellationRequest, CancellationResult, CarrierAdapter, CarrierDefinition, RegistrationRequest, RegistrationResult } from '../contract.js';
import { sandboxSequenceStart } from './sandbox.js';

export interface CarrierMapper<Req, Res> {
  buildRequest(input: RegistrationRequest): Req;
  parseResponse(answer: Res, input: RegistrationRequest): RegistrationResult;
}

export interface SimulationContext {
  /** Sequence number of the first parcel's tracking number. */
  sequenceStart: number;
}

export interface CarrierSimulator<Req, Res> {
  handle(request: Req, ctx: SimulationContext): Res;
}

export interface SimulatedCarrierOptions {
  /** Answer after this many milliseconds (default 0), like a real carrier's round trip. */
  latencyMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** What a value looks like after JSON.stringify and JSON.parse. */
function overTheWire<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export class SimulatedCarrier<Req, Res> implements CarrierAdapter {
  constructor(
    readonly definition: CarrierDefinition,
    private readonly mapper: CarrierMapper<Req, Res>,
    private readonly simulator: CarrierSimulator<Req, Res>,
    private readonly options: SimulatedCarrierOptions = {},
  ) {}

  async register(shipment: RegistrationRequest): Promise<RegistrationResult> {
    const m = shipment.shippingMethod;
    const offered = this.definition.methods[m.countryCode]?.find((x) => x.type === m.type);
    if (!offered || !(offered.subtypes as readonly string[]).includes(m.subtype)) {
      return {
        ok: false,
        retryable: false,
        errors: [{ field: 'shippingMethod.id', code: 'SERVICE_NOT_AVAILABLE', message: `${this.definition.name} has no ${m.type} ${m.subtype} in ${m.countryCode}` }],
      };
    }
    const request = overTheWire(this.mapper.buildRequest(shipment));
    const sequenceStart = shipment.sequenceStart ?? sandboxSequenceStart(shipment.shipmentId, this.definition.trackingNumber.capacity);
    const latency = this.options.latencyMs ?? 0;
    if (latency > 0) await (this.options.sleep ?? defaultSleep)(latency);
    const answer = overTheWire(this.simulator.handle(request, { sequenceStart }));
    return this.mapper.parseResponse(answer, shipment);
  }

  /**
   * The sandbox carriers take back any registration they could have issued (the id has their
   * format) after the same round trip as a registration; another id is an unknown shipment.
   */
  async cancel(request: CancellationRequest): Promise<CancellationResult> {
    const latency = this.options.latencyMs ?? 0;
    if (latency > 0) await (this.options.sleep ?? defaultSleep)(latency);
    if (this.definition.shipmentIdPattern.test(request.carrierShipmentId)) return { ok: true };
    return { ok: false, retryable: false, errors: [{ code: 'CARRIER_ERROR', message: `${this.definition.name} has no shipment ${request.carrierShipmentId}` }] };
  }
}

/** A carrier's folder as the registry takes it (`<code>/carrier.ts`): its definition, and its adapter. */
export interface CarrierEntry<C extends string> {
  readonly definition: CarrierDefinition<C>;
  adapter(options?: SimulatedCarrierOptions): CarrierAdapter;
}

/** The registry entry of a carrier that Kassa simulates (its mapper talking to its simulator). */
export function simulatedCarrier<const C extends string, Req, Res>(definition: CarrierDefinition<C>, mapper: CarrierMapper<Req, Res>, simulator: CarrierSimulator<Req, Res>): CarrierEntry<C> {
  return Object.freeze({
    definition,
    adapter: (options: SimulatedCarrierOptions = {}) => new SimulatedCarrier(definition as CarrierDefinition, mapper, simulator, options),
  });
}
