/**
 * The operator's routes for back-office users (admin token), behind `kassa users …`: add (an
 * existing email gets the password and the role in the store), list, remove (a membership, or the
 * user with every session), set a password (every session of the user ends).
 */
import type { FastifyInstance } from 'fastify';
import { requireAdminToken } from '../platform/admin-auth.js';
import { Errors } from '../platform/errors.js';
import { isUuid } from '../platform/ids.js';
import { described, errorResponses, parserValidates, Security } from '../platform/schemas.js';
import { isObject } from '../platform/validate.js';
import type { Services } from '../services.js';
import {
  BackofficeUserBody,
  BackofficeUserListSchema,
  BackofficeUserResponses,
  BackofficeUsersQuery,
  PasswordSetSchema,
  readRemoveUser,
  readSetPassword,
  readUser,
  RemovedUserSchema,
  RemoveUserBody,
  SetPasswordBody,
} from './schema.js';

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

  const office = opts.services.backoffice;
  const tags = ['operator'];
  const security = Security.operator;

  app.get(
    '/backoffice-users',
    {
      schema: {
        tags,
        summary: 'The back-office users (of one store, with storeUuid), their memberships and live sessions',
        operationId: 'operatorListBackofficeUsers',
        security,
        querystring: BackofficeUsersQuery,
        response: { 200: described('The users, by email', BackofficeUserListSchema), ...errorResponses(400, 401) },
      },
    },
    async (req) => {
      const q = isObject(req.query) ? req.query : {};
      const storeUuid = typeof q.storeUuid === 'string' ? q.storeUuid : undefined;
      if (q.storeUuid !== undefined && (storeUuid === undefined || !isUuid(storeUuid))) throw Errors.validation('storeUuid', 'must be a UUID');
      const users = await office.users(storeUuid?.toLowerCase());
      return { users: users.map((u) => ({ userId: u.id, email: u.email, createdAt: new Date(u.created_at).toISOString(), memberships: u.memberships, sessions: u.sessions })) };
    },
  );

  app.post(
    '/backoffice-users/remove',
    {
      schema: {
        tags,
        summary: "Remove a back-office user's membership of a store, or the user (its sessions end at once)",
        operationId: 'operatorRemoveBackofficeUser',
        security,
        body: RemoveUserBody,
        response: { 200: described('What was removed', RemovedUserSchema), ...errorResponses(400, 401, 404) },
      },
      validatorCompiler: parserValidates,
    },
    async (req) => {
      const { email, storeId } = readRemoveUser(req.body);
      return office.removeUser(email, storeId);
    },
  );

  app.post(
    '/backoffice-users/password',
    {
      schema: {
        tags,
        summary: "Set a back-office user's password; every session of the user ends at once",
        operationId: 'operatorSetBackofficePassword',
        security,
        body: SetPasswordBody,
        response: { 200: described('The password is set', PasswordSetSchema), ...errorResponses(400, 401, 404) },
      },
      validatorCompiler: parserValidates,
    },
    async (req) => {
      const { email, password } = readSetPassword(req.body);
      return office.setPassword(email, password);
    },
  );
}
