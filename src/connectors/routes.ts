/**
 * The operator's connectors (/operator/connectors, admin token), behind `kassa connectors …`:
 * what production can reach (Stripe, each bank's XS2A interface), set with their secrets, listed
 * without them, removed. The sandbox needs none: it runs the same connectors against Kassa's own
 * simulators.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { requireAdminToken } from '../platform/admin-auth.js';
import { described, emptyResponse, errorResponses, Security } from '../platform/schemas.js';
import type { ConnectorService } from './service.js';

const tags = ['operator'];
const security = Security.operator;

const ConnectorViewSchema = Type.Object({
  kind: Type.String({ examples: ['stripe'] }),
  name: Type.String({ description: "The connector's name within its kind: '' for Stripe, `<country>-<bank code>` for a bank", examples: ['', 'LV-HABALV22'] }),
  title: Type.String({ examples: ['Stripe (cards)'] }),
  settings: Type.Unknown({ description: 'The plain settings as set' }),
  secretsSet: Type.Array(Type.String(), { description: 'Which secrets are set (their values are never answered)' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
const ConnectorKindSchema = Type.Object({
  kind: Type.String(),
  title: Type.String(),
  settings: Type.Unknown({ description: 'JSON Schema of the settings' }),
  secrets: Type.Unknown({ description: 'JSON Schema of the secrets' }),
  configured: Type.Integer({ description: 'How many connectors of this kind are set' }),
});
const ListSchema = Type.Object({ kinds: Type.Array(ConnectorKindSchema), connectors: Type.Array(ConnectorViewSchema) });
const SetBody = Type.Object(
  {
    settings: Type.Unknown({ description: "Checked against the kind's settings schema" }),
    secrets: Type.Unknown({ description: "Checked against the kind's secrets schema; sealed at rest with the master key" }),
  },
  { additionalProperties: true },
);
const KindParams = Type.Object({ kind: Type.String() });
const NameQuery = Type.Object({ name: Type.Optional(Type.String({ description: "The connector's name ('' or absent for Stripe)" })) });

export async function connectorRoutes(app: FastifyInstance, opts: { connectors: ConnectorService; adminToken: string }): Promise<void> {
  const { connectors } = opts;
  requireAdminToken(app, opts.adminToken);

  app.get(
    '/connectors',
    {
      schema: {
        tags,
        summary: "Production's connectors: the kinds Kassa has and the ones configured (secrets never answered)",
        operationId: 'operatorListConnectors',
        security,
        response: { 200: described('Kinds and configured connectors', ListSchema), ...errorResponses(401) },
      },
    },
    async () => connectors.list(),
  );

  app.put<{ Params: { kind: string }; Body: { settings?: unknown; secrets?: unknown } }>(
    '/connectors/:kind',
    {
      schema: {
        tags,
        summary: 'Sets (adds or replaces) a connector of a kind; its name comes from its settings',
        operationId: 'operatorSetConnector',
        security,
        params: KindParams,
        body: SetBody,
        response: { 200: described('The connector as stored (without its secrets)', ConnectorViewSchema), ...errorResponses(400, 401) },
      },
    },
    async (req) => connectors.set(req.params.kind, req.body.settings, req.body.secrets),
  );

  app.delete<{ Params: { kind: string }; Querystring: { name?: string } }>(
    '/connectors/:kind',
    {
      schema: {
        tags,
        summary: 'Removes a connector: production stops offering what it served',
        operationId: 'operatorRemoveConnector',
        security,
        params: KindParams,
        querystring: NameQuery,
        response: { 204: emptyResponse('Removed'), ...errorResponses(400, 401, 404) },
      },
    },
    async (req, reply) => {
      await connectors.remove(req.params.kind, req.query.name ?? '');
      return reply.code(204).send();
    },
  );
}
