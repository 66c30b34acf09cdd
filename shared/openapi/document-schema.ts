import * as v from 'valibot';

/** GET /openapi.json's body: an OpenAPI 3.1 document (its own schema is the OpenAPI spec's). */
export const openApiDocumentSchema = v.pipe(
  v.looseObject({
    openapi: v.pipe(v.string(), v.startsWith('3.1.')),
    info: v.record(v.string(), v.unknown()),
  }),
  v.title('OpenApiDocument'),
);

export type OpenApiDocument = v.InferOutput<typeof openApiDocumentSchema> & Record<string, unknown>;
