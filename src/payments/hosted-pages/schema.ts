/**
 * Wire schemas of the hosted payment pages (/pay/…). They answer HTML and redirects, not JSON;
 * their query and form fields are read by the routes (a repeated key keeps its first value), so
 * the schemas document them and Fastify lets every request through to the page.
 */
import { Type } from 'typebox';
import { documentedOnly, errorResponses, FormField, FormFields, htmlResponse, idParam, pageErrorResponse, redirectResponse } from '../../platform/schemas.js';

export const PayParams = Type.Object({ orderUuid: idParam('Order UUID (an unknown or malformed one gets the not-found page)') });

const lang = FormField('Page language (de, en, et, fi, lt, lv, pl, ru); default the order locale');

export const PayPageQuery = documentedOnly(
  FormFields(
    {
      lang: Type.Optional(lang),
      country: Type.Optional(FormField('Bank payments: the country whose banks are listed')),
      retry: Type.Optional(FormField('1 after a failed attempt: show the page again with why')),
    },
    'The page query',
  ),
);

export const StartBody = documentedOnly(
  FormFields(
    {
      lang: Type.Optional(lang),
      country: Type.Optional(FormField('Bank payments: the bank list country (EE, LV, LT, FI, PL)')),
      bank: Type.Optional(FormField("Bank payments: the chosen bank's code")),
      mode: Type.Optional(FormField('Card payments: wallet or card')),
      period: Type.Optional(FormField('Buy now, pay later: 1, 2 or 3')),
    },
    'The payment choice form',
  ),
);

export const CancelBody = documentedOnly(FormFields({ lang: Type.Optional(lang) }, 'The cancel form'));

export const ReturnFields = documentedOnly(FormFields({ lang: Type.Optional(lang) }, "The processor's signed return fields (query or form); their names depend on the processor"));

/** Form posts are urlencoded (a JSON body is read the same way). */
export const FORM_CONSUMES = ['application/x-www-form-urlencoded', 'application/json'];

const notFound = pageErrorResponse('No such order: the not-found page');
const badBody = errorResponses(400, 415);

export const PayPageResponses = {
  200: htmlResponse('The payment page, or the status page of an order no longer pending'),
  303: redirectResponse("The shopper already chose a bank: on to the bank's page"),
  ...badBody,
  404: notFound,
};

export const StartResponses = {
  303: redirectResponse("On to the processor's page"),
  400: pageErrorResponse('The choice is not valid: the payment page again, with why'),
  404: notFound,
  409: htmlResponse('The order is no longer pending: its status page'),
  415: errorResponses(415)[415]!,
};

export const CancelResponses = {
  303: redirectResponse("Back to the merchant's returnUrl"),
  ...badBody,
  404: notFound,
  409: htmlResponse('The order is no longer pending: its status page'),
};

export const ReturnResponses = {
  200: htmlResponse('The processor has not decided yet (a bank still confirming the payment): a page saying so, with a link to check again'),
  303: redirectResponse("On to the merchant's returnUrl, or back to the payment page to try again"),
  400: pageErrorResponse('The return is not valid: a page saying so'),
  403: htmlResponse('The return signature is not valid: a page saying so'),
  404: notFound,
  409: htmlResponse('The return does not belong to the attempt the order waits for: a page saying so'),
  415: errorResponses(415)[415]!,
};
