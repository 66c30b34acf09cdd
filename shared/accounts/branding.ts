// The merchant's branding (display name, colour, logo) that hosted payer pages show. The logo
// follows the product image rules: JPEG/PNG/WebP/GIF by magic bytes (415), at most 4 MiB (413),
// stored under a content-hash key, the replaced object deleted once nothing points to it.
import { createHash } from 'node:crypto';
import { acceptedImageFormats, sniffImageFormat } from '../catalog/image-format.ts';
import { imageUrlOf, logoKeyFor } from '../catalog/image-location.ts';
import { notFound, unsupportedMediaType } from '../errors.ts';
import { getAccount } from '../store/api-keys.ts';
import { getBranding, seedBranding, setBrandingLogoKey, updateBranding } from '../store/branding.ts';
import { deleteImageBestEffort, putImage } from '../store/images.ts';
import { type AccountBranding, brandingOf } from './account.ts';
import type { UpdateBrandingInput } from './branding-schemas.ts';

export interface BrandingView {
  displayName: string | null;
  brandColor: string | null;
  logoUrl: string | null;
}

export function brandingView(branding: AccountBranding): BrandingView {
  return {
    displayName: branding.displayName,
    brandColor: branding.brandColor,
    logoUrl: branding.logoKey ? imageUrlOf(branding.logoKey) : null,
  };
}

const accountMissing = (accountId: string) =>
  notFound('account.not_found', `account ${accountId} does not exist`);

/** The branding item, or what the account item carried when branding lived there. */
async function currentBranding(accountId: string): Promise<{ branding: AccountBranding; stored: boolean }> {
  const branding = await getBranding(accountId);
  if (branding) return { branding, stored: true };
  const account = await getAccount(accountId);
  if (!account) throw accountMissing(accountId);
  return { branding: brandingOf(account), stored: false };
}

/** Before a change: the branding item exists, seeded from the account item, so nothing carried is lost. */
async function brandingOfAccount(accountId: string, now: Date): Promise<void> {
  const { branding, stored } = await currentBranding(accountId);
  if (!stored) await seedBranding(accountId, branding, now.toISOString());
}

export async function readBranding(accountId: string): Promise<BrandingView> {
  return brandingView((await currentBranding(accountId)).branding);
}

export async function changeBranding(
  accountId: string,
  input: UpdateBrandingInput,
  now = new Date(),
): Promise<BrandingView> {
  await brandingOfAccount(accountId, now);
  const branding = await updateBranding(
    accountId,
    { displayName: input.displayName, brandColor: input.brandColor?.toLowerCase() ?? null },
    now.toISOString(),
  );
  return brandingView(branding);
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
  await brandingOfAccount(accountId, now);
  const key = logoKeyFor(accountId, createHash('sha256').update(bytes).digest('hex'), format.extension);
  await putImage(key, bytes, format.contentType);
  const changed = await setBrandingLogoKey(accountId, key, now.toISOString());
  if (changed.previousKey && changed.previousKey !== key) await deleteImageBestEffort(changed.previousKey);
  return brandingView(changed.branding);
}
