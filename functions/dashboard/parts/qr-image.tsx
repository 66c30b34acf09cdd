// The BOB QR payload drawn as an image (in the browser, from the payload the API returned).

import { useEffect, useState } from 'preact/hooks';
import QRCode from 'qrcode';

export function QrImage(props: { payload: string }) {
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    QRCode.toDataURL(props.payload, { margin: 1, width: 220 })
      .then(setSource)
      .catch(() => setSource(null));
  }, [props.payload]);
  return source ? (
    <img class="qr" src={source} width={220} height={220} alt="QR code to pay this transaction" />
  ) : null;
}
