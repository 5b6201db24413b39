/** Wire schemas of the home page and the guides. */
import { Type } from 'typebox';

const EnvPaths = Type.Object({ production: Type.String(), sandbox: Type.String() });

/** GET / for a client asking for JSON: where the reference, the document and the guides are. */
export const HomeLinksSchema = Type.Object({
  name: Type.String(),
  docs: Type.String({ description: 'The API reference (HTML)' }),
  openapi: Type.String({ description: 'The OpenAPI document' }),
  backOffice: Type.String({ description: 'The back office (HTML; users added by the operator)' }),
  guides: Type.Object({ readme: Type.String(), sandbox: Type.String(), production: Type.String(), moneyOut: Type.String(), decisions: Type.String() }),
  basePaths: Type.Object({ payments: EnvPaths, shipping: EnvPaths }),
});

export const GuideParams = Type.Object({ name: Type.String({ description: 'README.md, sandbox.md or decisions.md' }) });
