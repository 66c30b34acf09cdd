// Request schemas of the product endpoints. Bodies are strict: an unknown field is a 400 that
// names it, and imageUrl gets its own message because it is set only by the image endpoint.
import * as v from 'valibot';
import { booleanParam, cursorParam, limitParam } from '../http/pagination.ts';
import { fail, ok } from '../validation/checked.ts';
import { checkedString, checkText, identifier } from '../validation/fields.ts';

export const nameMaxLength = 255;
export const descriptionMaxLength = 5000;
export const externalIdMaxLength = 255;
export const metadataMaxBytes = 16 * 1024;

export const productName = checkedString((input) => checkText(input, { max: nameMaxLength, trim: true }));

// Free text for people: line breaks and tabs are fine, other control characters are not.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point: they are refused
const descriptionControlChars = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Kept as sent (no trimming): it is the merchant's own text. */
export const productDescription = checkedString((input) => {
  if ([...input].length > descriptionMaxLength)
    return fail(`must be at most ${descriptionMaxLength} characters`);
  if (!input.isWellFormed()) return fail('must be valid Unicode text');
  if (descriptionControlChars.test(input))
    return fail('must not contain control characters other than line breaks and tabs');
  return ok(input);
});

export const productExternalId = identifier(externalIdMaxLength);

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const productMetadata = v.pipe(
  v.custom<Record<string, unknown>>(isJsonObject, 'must be a JSON object'),
  v.check(
    (value) => Buffer.byteLength(JSON.stringify(value), 'utf8') <= metadataMaxBytes,
    `must be at most ${metadataMaxBytes} bytes when serialized as JSON`,
  ),
);

const imageUrlRefused = v.custom<never>(
  () => false,
  'is not accepted here; the image is set only through POST /v2/products/:id/image',
);

export const createProductSchema = v.strictObject({
  name: productName,
  description: v.nullish(productDescription),
  externalId: v.nullish(productExternalId),
  metadata: v.optional(productMetadata),
  imageUrl: v.optional(imageUrlRefused),
});

export const editableProductFields = ['name', 'description', 'externalId', 'metadata', 'active'] as const;

export const updateProductSchema = v.pipe(
  v.strictObject({
    name: v.optional(productName),
    description: v.nullish(productDescription),
    externalId: v.nullish(productExternalId),
    metadata: v.optional(productMetadata),
    active: v.optional(v.boolean('must be true or false')),
    imageUrl: v.optional(imageUrlRefused),
  }),
  v.check(
    (body) => editableProductFields.some((field) => body[field] !== undefined),
    `must contain at least one of ${editableProductFields.join(', ')}`,
  ),
);

export const listProductsQuery = v.strictObject({
  limit: v.optional(limitParam),
  cursor: v.optional(cursorParam),
  active: v.optional(booleanParam),
  archived: v.optional(booleanParam),
});

export type CreateProductInput = v.InferOutput<typeof createProductSchema>;
export type UpdateProductInput = v.InferOutput<typeof updateProductSchema>;
export type ListProductsQuery = v.InferOutput<typeof listProductsQuery>;
