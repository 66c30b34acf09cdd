// How a refund's devolução is named on API Pix: derived from the refund id, so a retried request
// is the same devolução (the PSP keeps one per id and Pix).

/**
 * The refund id (`re_<transaction id>_<16 hex>`) without its separators: 35 alphanumerics, the
 * most `DevolucaoId` (`[a-zA-Z0-9]{1,35}`) holds.
 */
export function devolucaoIdFor(refundId: string): string {
  const id = refundId.replace(/^re_/, '').replace(/[^A-Za-z0-9]/g, '');
  if (id.length < 1 || id.length > 35) throw new RangeError(`devolução id: ${id.length} characters`);
  return id;
}
