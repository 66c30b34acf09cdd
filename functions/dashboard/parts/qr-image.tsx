// A QR code drawn in the browser as inline SVG by the hosted pages' own encoder
// (shared/hosted-pages/render/qr-svg.ts): a BOB or Pix payload, a payment link's URL. Nothing is
// fetched, and inline SVG needs nothing of the dashboard's CSP.
import { useMemo } from 'preact/hooks';
import { renderQrSvg } from '../../../shared/hosted-pages/render/qr-svg.ts';

export function QrImage(props: { payload: string; label: string; testId?: string }) {
  // renderQrSvg escapes every attribute and draws the path from numbers only.
  const svg = useMemo(
    () =>
      renderQrSvg(props.payload, {
        label: props.label,
        ...(props.testId ? { attributes: { 'data-testid': props.testId } } : {}),
      }),
    [props.payload, props.label, props.testId],
  );
  return <div class="qr" dangerouslySetInnerHTML={{ __html: svg }} />;
}
