/**
 * Wire schemas of the processor simulators' pages (/simulators/<family>/…): HTML pages and form
 * posts that carry the request fields Kassa signed. The signature check is the authentication; the
 * fields are read by the simulator, so the schemas document them and let every request through.
 */
import { Type, type TSchema } from 'typebox';
import { MAC_FIELD } from './signing.js';
import { documentedOnly, errorResponses, FormField, FormFields, htmlResponse, pageErrorResponse, redirectResponse, Security } from '../../../platform/schemas.js';

const signedFields = (names: readonly string[], extra: Record<string, TSchema>, description: string) =>
  documentedOnly(
    FormFields(
      {
        ...Object.fromEntries(names.map((n) => [n, Type.Optional(FormField(`Signed field ${n}`))])),
        [MAC_FIELD]: Type.Optional(FormField('HMAC-SHA256 over the signed fields (base64url)')),
        ...extra,
      },
      description,
    ),
  );

const invalid = pageErrorResponse('The signed fields are missing, altered or expired: a page saying so');

/** The schema of a simulator page (GET): the signed request in the query, an HTML page back. */
export function simulatorPage(summary: string, operationId: string, names: readonly string[]) {
  return {
    tags: ['pages'],
    summary,
    description: 'A page of a simulated processor, for the shopper. The query carries the fields Kassa signed (with their `mac`); the signature authenticates the request.',
    operationId,
    security: Security.none,
    querystring: signedFields(names, {}, 'The signed request fields'),
    response: { 200: htmlResponse('The page'), 400: invalid },
  };
}

/** The schema of a simulator form post: the signed fields and the shopper's input, a redirect or the page again. */
export function simulatorForm(summary: string, operationId: string, names: readonly string[], inputs: Record<string, string>) {
  return {
    tags: ['pages'],
    summary,
    description: "The shopper's answer on a simulated processor's page: the signed fields again, with what the shopper entered.",
    operationId,
    security: Security.none,
    consumes: ['application/x-www-form-urlencoded'],
    body: signedFields(names, Object.fromEntries(Object.entries(inputs).map(([k, d]) => [k, Type.Optional(FormField(d))])), 'The signed fields and the shopper input'),
    response: {
      200: htmlResponse('The page again'),
      303: redirectResponse("On to the simulator's next step, or back to Kassa's return URL with signed return fields"),
      400: invalid,
      415: errorResponses(415)[415]!,
      422: htmlResponse('The input is not valid: the page again, saying why'),
    },
  };
}
