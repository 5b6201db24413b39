/**
 * Validates a value against a schema of the OpenAPI document (JSON Schema 2020-12, the document's
 * `#/components/…` refs resolved, formats checked): what the reference tests hold every example and
 * every recorded answer to.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';

type Validate = ReturnType<Ajv2020['compile']>;

/** ajv-formats is CommonJS: its plugin is the module itself or its `default`. */
const addFormats = ((formatsPlugin as unknown as { default?: unknown }).default ?? formatsPlugin) as (ajv: Ajv2020) => Ajv2020;

/** `(schema, value) => why value does not match, or undefined`, for one document. */
export function schemaChecker(doc: { components?: unknown }): (schema: object, value: unknown) => string | undefined {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  const compiled = new Map<object, Validate>();
  return (schema, value) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile({ ...schema, components: doc.components });
      compiled.set(schema, validate);
    }
    return validate(value) ? undefined : ajv.errorsText(validate.errors);
  };
}
