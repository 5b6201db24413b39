/**
 * The operator's route that adds a back-office user to a store (admin token), behind
 * `kassa users add`. Adding an existing email sets its password and its role in the store.
 */
import type { FastifyInstance } from 'fastify';
import { requireAdminToken } from '../platform/admin-auth.js';
import { parserValidates, Security } from '../platform/schemas.js';
import type { Services } from '../services.js';
import { BackofficeUserBody, BackofficeUserResponses, readUser } from './schema.js';

export async function backofficeOperatorRoutes(app: FastifyInstance, opts: { services: Services; adminToken: string }): Promise<void> {
  requireAdminToken(app, opts.adminToken);
  app.post(
    '/backoffice-users',
    {
      schema: {
        tags: ['operator'],
        summary: 'Add a back-office user to a store (or set its password and role)',
        operationId: 'operatorAddBackofficeUser',
        security: Security.operator,
        body: BackofficeUserBody,
        response: BackofficeUserResponses,
      },
      validatorCompiler: parserValidates,
    },
    async (req, reply) => {
      const u = await opts.services.backoffice.addUser(readUser(req.body));
      reply.code(201);
      return { userId: u.userId, email: u.email, storeUuid: u.storeId, role: u.role };
    },
  );
}
