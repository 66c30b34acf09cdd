// Branding: display name, colour and logo, with a preview of the hosted page header.
import { useEffect, useState } from 'preact/hooks';
import { fileOverImageLimit } from '../../../shared/http/too-large.ts';
import { ApiError, api } from '../api.ts';
import { t } from '../i18n/i18n.ts';
import { Notice } from '../parts/bits.tsx';
import { described, errorsFrom, Field, type FieldErrors, FormError, noErrors } from '../parts/form.tsx';

interface Branding {
  displayName: string | null;
  brandColor: string | null;
  logoUrl: string | null;
}

export function BrandingPage() {
  const [branding, setBranding] = useState<Branding | null>(null);
  const [displayName, setDisplayName] = useState('');
  const [brandColor, setBrandColor] = useState('#0a7d5a');
  const [errors, setErrors] = useState<FieldErrors>(noErrors);
  const [logoError, setLogoError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    api<Branding>('GET', '/v2/account/branding')
      .then((loaded) => {
        setBranding(loaded);
        setDisplayName(loaded.displayName ?? '');
        setBrandColor(loaded.brandColor ?? '#0a7d5a');
      })
      .catch((caught: Error) => setErrors({ fields: {}, form: caught.message }));
  }, []);

  const save = async (event: Event) => {
    event.preventDefault();
    try {
      setBranding(
        await api<Branding>('PUT', '/v2/account/branding', {
          body: { displayName: displayName.trim() || null, brandColor: brandColor || null },
        }),
      );
      setErrors(noErrors);
      setNotice(t('branding.saved'));
    } catch (caught) {
      setErrors(errorsFrom(caught, ['displayName', 'brandColor']));
    }
  };
  const upload = async (event: Event) => {
    const file = (event.target as HTMLInputElement).files?.[0];
    if (!file) return;
    // Refused here, before a body the platform would refuse in its own words.
    const overLimit = fileOverImageLimit(file);
    if (overLimit) {
      setLogoError(new ApiError(413, overLimit).detail);
      return;
    }
    const form = new FormData();
    form.append('image', file, file.name);
    try {
      setBranding(await api<Branding>('POST', '/v2/account/branding/logo', { form }));
      setLogoError(undefined);
      setNotice(t('branding.logoUploaded'));
    } catch (caught) {
      setLogoError(caught instanceof ApiError ? caught.detail : (caught as Error).message);
    }
  };

  const previewName = displayName.trim() || t('branding.yourBusiness');
  return (
    <section>
      <h1>{t('nav.branding')}</h1>
      <Notice text={notice} />
      <div class="split">
        <form class="card" onSubmit={save} noValidate aria-label={t('nav.branding')}>
          <Field id="display-name" label={t('branding.displayName')} error={errors.fields.displayName}>
            <input
              id="display-name"
              disabled={!branding}
              value={displayName}
              onInput={(event) => setDisplayName((event.target as HTMLInputElement).value)}
              {...described('display-name', errors.fields.displayName)}
            />
          </Field>
          <Field id="brand-color" label={t('branding.color')} error={errors.fields.brandColor}>
            <span class="color-row">
              <input
                id="brand-color"
                disabled={!branding}
                value={brandColor}
                onInput={(event) => setBrandColor((event.target as HTMLInputElement).value)}
                {...described('brand-color', errors.fields.brandColor)}
              />
              <input
                type="color"
                aria-label={t('branding.pickColor')}
                value={/^#[0-9a-f]{6}$/i.test(brandColor) ? brandColor : '#000000'}
                onInput={(event) => setBrandColor((event.target as HTMLInputElement).value)}
              />
            </span>
          </Field>
          <FormError message={errors.form} />
          <button type="submit">{t('branding.save')}</button>
          <Field id="logo" label={t('branding.logo')} error={logoError}>
            <input
              id="logo"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              onChange={upload}
              {...described('logo', logoError)}
            />
          </Field>
        </form>
        <div>
          <h2>{t('branding.preview')}</h2>
          <p class="muted">{t('branding.previewHint')}</p>
          <div class="hosted-preview" data-testid="branding-preview">
            {branding?.logoUrl ? (
              <img src={branding.logoUrl} alt="" width={34} height={34} />
            ) : (
              <span class="preview-mark" style={markStyle(brandColor)} aria-hidden="true">
                {Array.from(previewName)[0]?.toUpperCase()}
              </span>
            )}
            <span class="preview-name">{previewName}</span>
          </div>
        </div>
      </div>
    </section>
  );
}

/** The mark's colour, with black or white text, whichever reads better on it. */
function markStyle(color: string): Record<string, string> {
  const hex = /^#[0-9a-f]{6}$/i.test(color) ? color : '#0a7d5a';
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return { background: hex, color: luminance > 0.179 ? '#000' : '#fff' };
}
