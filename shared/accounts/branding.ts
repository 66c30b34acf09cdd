// The merchant's branding (display name, colour, logo) that hosted payer pages show. The logo
// follows the product image rules: JPEG/PNG/WebP/GIF by magic bytes (415), at most 4 MiB (413),
// stored under a content-hash key, the replaced object deleted once nothing points to it.
import { createHash } from 'node:crypto';
import { acceptedImageFormats, sniffImageFormat } from '../catalog/image-format.ts';
import { imageUrlOf, logoKeyFor } from '../catalog/image-location.ts';
import { notFound, unsupportedMediaType } from '../errors.ts';
import { getAccount, setAccountLogo, updateAccountBranding } from '../store/api-keys.ts';
import { deleteImageBestEffort, putImage } from '../store/images.ts';
import { type AccountRecord, brandingOf } from './account.ts';
import type { UpdateBrandingInput } from './branding-schemas.ts';

export interface BrandingView {
  displayName: string | null;
  brandColor: string | null;
  logoUrl: string | null;
}

export function brandingView(account: AccountRecord): BrandingView {
  const branding = brandingOf(account);
  return {
    displayName: branding.displayName,
    brandColor: branding.brandColor,
    logoUrl: branding.logoKey ? imageUrlOf(branding.logoKey) : null,
  };
}

const accountMissing = (accountId: string) =>
  notFound('account.not_found', `account ${accountId} does not exist`);

export async function readBranding(accountId: string): Promise<BrandingView> {
  const account = await getAccount(accountId);
  if (!account) throw accountMissing(accountId);
  return brandingView(account);
}

export async function changeBranding(
  accountId: string,
  input: UpdateBrandingInput,
  now = new Date(),
): Promise<BrandingView> {
  const account = await updateAccountBranding(
    accountId,
    { displayName: input.displayName, brandColor: input.brandColor?.toLowerCase() ?? null },
    now.toISOString(),
  );
  if (!account) throw accountMissing(accountId);
  return brandingView(account);
}

export async function setBrandingLogo(
  accountId: string,
  bytes: Uint8Array,
  field = 'image',
  now = new Date(),
): Promise<BrandingView> {
  const format = sniffImageFormat(bytes);
  if (!format)
    throw unsupportedMediaType(
      `${field}: must be a ${acceptedImageFormats} image (recognised by its content, not its name or declared type)`,
    );
  const key = logoKeyFor(accountId, createHash('sha256').update(bytes).digest('hex'), format.extension);
  await putImage(key, bytes, format.contentType);
  const changed = await setAccountLogo(accountId, key, now.toISOString());
  if (!changed) {
    await deleteImageBestEffort(key);
    throw accountMissing(accountId);
  }
  if (changed.previousKey && changed.previousKey !== key) await deleteImageBestEffort(changed.previousKey);
  return brandingView(changed.account);
}
