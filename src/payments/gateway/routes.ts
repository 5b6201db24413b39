// TEMPORARY until the hosted pages land.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';
export async function gatewayRoutes(_app: FastifyInstance, _opts: { services: Services }): Promise<void> {}
