// Products: list (active / inactive / archived), create, edit, archive, image upload with
// preview (the API's 413/415 messages shown in place), and each product's offers.

import { useCallback, useEffect, useState } from 'preact/hooks';
import { billingCycles } from '../../../shared/catalog/offer.ts';
import { fileOverImageLimit } from '../../../shared/http/too-large.ts';
import { readAmountInput } from '../../../shared/money/amount-input.ts';
import { purchaseCurrencies } from '../../../shared/payment-methods.ts';
import { amountProblemText } from '../amount-problems.ts';
import { ApiError, api, type Page, query } from '../api.ts';
import { money } from '../format.ts';
import { t } from '../i18n/i18n.ts';
import { Loading, Notice } from '../parts/bits.tsx';
import { described, errorsFrom, Field, type FieldErrors, FormError, noErrors } from '../parts/form.tsx';
import type { Offer, PaymentLink, Product } from '../types.ts';
import { cycleWord } from '../words.ts';

type Show = 'active' | 'all' | 'archived';

function productState(product: Product): string {
  if (product.deletedAt) return t('products.archived');
  return product.active ? t('products.active') : t('products.inactive');
}

export function ProductsPage() {
  const [show, setShow] = useState<Show>('active');
  const [products, setProducts] = useState<Product[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const params = show === 'active' ? {} : { active: 'false', archived: 'true' };
      const page = await api<Page<Product>>('GET', `/v2/products${query({ ...params, limit: 100 })}`);
      setProducts(show === 'archived' ? page.data.filter((product) => product.deletedAt) : page.data);
      setError(null);
    } catch (caught) {
      setError((caught as Error).message);
    }
  }, [show]);
  useEffect(() => void load(), [load]);

  const current = products?.find((product) => product.id === selected) ?? null;
  return (
    <section>
      <h1>{t('nav.products')}</h1>
      <fieldset class="segmented">
        <legend>{t('products.show')}</legend>
        {(['active', 'all', 'archived'] as const).map((option) => (
          <label key={option}>
            <input
              type="radio"
              name="show"
              value={option}
              checked={show === option}
              onChange={() => setShow(option)}
            />
            {option === 'active'
              ? t('products.active')
              : option === 'all'
                ? t('products.showAll')
                : t('products.archived')}
          </label>
        ))}
      </fieldset>
      <FormError message={error} />
      <div class="split">
        <div>
          {!products && !error ? <Loading /> : null}
          {products ? (
            <ul class="product-list" data-testid="products">
              {products.length === 0 ? <li class="muted">{t('products.none')}</li> : null}
              {products.map((product) => (
                <li key={product.id}>
                  <button
                    type="button"
                    class={`link-button${product.id === selected ? ' selected' : ''}`}
                    aria-pressed={product.id === selected}
                    onClick={() => setSelected(product.id)}
                  >
                    {product.imageUrl ? (
                      <img src={product.imageUrl} alt="" width={40} height={40} />
                    ) : (
                      <span class="thumb" />
                    )}
                    <span>
                      {product.name}
                      <span class="muted small"> · {productState(product)}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <CreateProduct
            onCreated={(product) => {
              setSelected(product.id);
              void load();
            }}
          />
        </div>
        {current ? <ProductEditor key={current.id} product={current} onChanged={() => void load()} /> : null}
      </div>
    </section>
  );
}

function CreateProduct(props: { onCreated: (product: Product) => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [externalId, setExternalId] = useState('');
  const [errors, setErrors] = useState<FieldErrors>(noErrors);
  const submit = async (event: Event) => {
    event.preventDefault();
    try {
      const product = await api<Product>('POST', '/v2/products', {
        body: { name, ...(description ? { description } : {}), ...(externalId ? { externalId } : {}) },
      });
      setName('');
      setDescription('');
      setExternalId('');
      setErrors(noErrors);
      props.onCreated(product);
    } catch (caught) {
      setErrors(errorsFrom(caught, ['name', 'description', 'externalId']));
    }
  };
  return (
    <form class="card" onSubmit={submit} noValidate aria-labelledby="new-product-title">
      <h2 id="new-product-title">{t('products.new')}</h2>
      <Field id="new-product-name" label={t('products.name')} error={errors.fields.name}>
        <input
          id="new-product-name"
          value={name}
          onInput={(event) => setName((event.target as HTMLInputElement).value)}
          {...described('new-product-name', errors.fields.name)}
        />
      </Field>
      <Field
        id="new-product-description"
        label={t('products.descriptionOptional')}
        error={errors.fields.description}
      >
        <textarea
          id="new-product-description"
          value={description}
          onInput={(event) => setDescription((event.target as HTMLTextAreaElement).value)}
          {...described('new-product-description', errors.fields.description)}
        />
      </Field>
      <Field
        id="new-product-external-id"
        label={t('products.externalIdOptional')}
        error={errors.fields.externalId}
      >
        <input
          id="new-product-external-id"
          value={externalId}
          onInput={(event) => setExternalId((event.target as HTMLInputElement).value)}
          {...described('new-product-external-id', errors.fields.externalId)}
        />
      </Field>
      <FormError message={errors.form} />
      <button type="submit">{t('products.create')}</button>
    </form>
  );
}

function ProductEditor(props: { product: Product; onChanged: () => void }) {
  const { product } = props;
  const archived = Boolean(product.deletedAt);
  const [name, setName] = useState(product.name);
  const [description, setDescription] = useState(product.description ?? '');
  const [active, setActive] = useState(product.active);
  const [errors, setErrors] = useState<FieldErrors>(noErrors);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmArchive, setConfirmArchive] = useState(false);
  const [imageError, setImageError] = useState<string | undefined>();
  const [preview, setPreview] = useState<string | null>(null);

  const save = async (event: Event) => {
    event.preventDefault();
    try {
      await api('PATCH', `/v2/products/${product.id}`, {
        body: { name, description: description || null, active },
      });
      setErrors(noErrors);
      setNotice(t('products.saved'));
      props.onChanged();
    } catch (caught) {
      setErrors(errorsFrom(caught, ['name', 'description', 'active']));
    }
  };
  const upload = async (event: Event) => {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    // Refused here, before a body the platform would refuse in its own words.
    const overLimit = fileOverImageLimit(file);
    if (overLimit) {
      setImageError(new ApiError(413, overLimit).detail);
      return;
    }
    setPreview(URL.createObjectURL(file));
    setImageError(undefined);
    const form = new FormData();
    form.append('image', file, file.name);
    try {
      await api('POST', `/v2/products/${product.id}/image`, { form });
      // The stored image replaces the local preview.
      setPreview(null);
      setNotice(t('products.imageUploaded'));
      props.onChanged();
    } catch (caught) {
      setPreview(null);
      setImageError(caught instanceof ApiError ? caught.detail : (caught as Error).message);
    }
  };
  const archive = async () => {
    try {
      await api('DELETE', `/v2/products/${product.id}`);
      setConfirmArchive(false);
      setNotice(t('products.archivedNotice'));
      props.onChanged();
    } catch (caught) {
      setErrors({ fields: {}, form: (caught as Error).message });
    }
  };

  return (
    <div class="card" data-testid="product-editor">
      <h2>{product.name}</h2>
      <Notice text={notice} />
      <form onSubmit={save} noValidate>
        <fieldset disabled={archived}>
          <legend class="sr-only">{t('products.edit')}</legend>
          <Field id="edit-name" label={t('products.name')} error={errors.fields.name}>
            <input
              id="edit-name"
              value={name}
              onInput={(event) => setName((event.target as HTMLInputElement).value)}
              {...described('edit-name', errors.fields.name)}
            />
          </Field>
          <Field id="edit-description" label={t('products.description')} error={errors.fields.description}>
            <textarea
              id="edit-description"
              value={description}
              onInput={(event) => setDescription((event.target as HTMLTextAreaElement).value)}
              {...described('edit-description', errors.fields.description)}
            />
          </Field>
          <label class="check">
            <input
              type="checkbox"
              checked={active}
              onChange={(event) => setActive((event.target as HTMLInputElement).checked)}
            />
            {t('products.activeHint')}
          </label>
          <FormError message={errors.form} />
          <button type="submit">{t('products.saveChanges')}</button>
        </fieldset>
      </form>

      <h3>{t('products.image')}</h3>
      {preview || product.imageUrl ? (
        <img class="preview" src={preview ?? product.imageUrl ?? ''} alt={product.name} />
      ) : (
        <p class="muted">{t('products.noImage')}</p>
      )}
      <Field id="product-image" label={t('products.upload')} error={imageError}>
        <input
          id="product-image"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          disabled={archived}
          onChange={upload}
          {...described('product-image', imageError)}
        />
      </Field>

      <Offers product={product} />

      {!archived ? (
        <div class="danger-zone">
          {confirmArchive ? (
            <>
              <p>{t('products.archiveConfirm')}</p>
              <button type="button" class="danger" onClick={archive}>
                {t('products.archiveYes')}
              </button>{' '}
              <button type="button" class="secondary" onClick={() => setConfirmArchive(false)}>
                {t('products.keepIt')}
              </button>
            </>
          ) : (
            <button type="button" class="danger" onClick={() => setConfirmArchive(true)}>
              {t('products.archive')}
            </button>
          )}
        </div>
      ) : (
        <p class="muted">{t('products.readOnly')}</p>
      )}
    </div>
  );
}

const cycles = ['', ...billingCycles];

/** What the typed amount will be saved as, in the offer's currency, before it is saved. */
function amountHint(typed: string, currency: string): string {
  if (typed.trim() === '') return t('products.amountTypeHint');
  const reading = readAmountInput(typed);
  return 'error' in reading
    ? t('products.amountError', { error: amountProblemText(reading) })
    : t('products.savedAs', { amount: money(reading.cents, currency) });
}

function Offers(props: { product: Product }) {
  const [offers, setOffers] = useState<Offer[]>([]);
  const [name, setName] = useState('');
  const [amount, setAmount] = useState('');
  const [cycle, setCycle] = useState('');
  const [currency, setCurrency] = useState<string>(purchaseCurrencies[0]);
  const [errors, setErrors] = useState<FieldErrors>(noErrors);
  const [linkError, setLinkError] = useState<string | null>(null);
  const load = useCallback(async () => {
    const page = await api<Page<Offer>>(
      'GET',
      `/v2/offers${query({ productId: props.product.id, limit: 100 })}`,
    );
    setOffers(page.data);
  }, [props.product.id]);
  useEffect(() => {
    load().catch(() => setOffers([]));
  }, [load]);
  const submit = async (event: Event) => {
    event.preventDefault();
    const reading = readAmountInput(amount);
    if ('error' in reading) {
      setErrors({
        fields: { amount: t('products.amountError', { error: amountProblemText(reading) }) },
        form: null,
      });
      return;
    }
    try {
      await api('POST', '/v2/offers', {
        body: {
          productId: props.product.id,
          name,
          amount: reading.cents,
          currency,
          billingCycle: cycle || null,
        },
      });
      setName('');
      setAmount('');
      setErrors(noErrors);
      await load();
    } catch (caught) {
      setErrors(errorsFrom(caught, ['name', 'amount', 'currency', 'billingCycle']));
    }
  };
  /** A payment link for the offer, then its page (URL, QR, switch) on Checkout. */
  const sellWithLink = async (offer: Offer) => {
    try {
      const link = await api<PaymentLink>('POST', '/v2/payment-links', { body: { offerId: offer.id } });
      location.hash = `#/checkout/${link.id}`;
    } catch (caught) {
      setLinkError(
        `${offer.name}: ${caught instanceof ApiError ? caught.detail : (caught as Error).message}`,
      );
    }
  };
  return (
    <div>
      <h3>{t('products.offers')}</h3>
      <ul data-testid="offers">
        {offers.length === 0 ? <li class="muted">{t('products.noOffers')}</li> : null}
        {offers.map((offer) => (
          <li key={offer.id} class="offer">
            <span>
              {offer.name} · {money(offer.amount, offer.currency)} ·{' '}
              {offer.billingCycle ? cycleWord(offer.billingCycle) : t('products.oneTime')}
              {offer.active ? '' : t('products.offerInactive')}
            </span>
            {props.product.deletedAt ? null : (
              <button
                type="button"
                class="secondary small"
                aria-label={t('products.createLinkFor', { name: offer.name })}
                onClick={() => sellWithLink(offer)}
              >
                {t('products.createLink')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <FormError message={linkError} />
      {props.product.deletedAt ? null : (
        <form onSubmit={submit} noValidate aria-label={t('products.newOffer')}>
          <Field id="offer-name" label={t('products.offerName')} error={errors.fields.name}>
            <input
              id="offer-name"
              value={name}
              onInput={(event) => setName((event.target as HTMLInputElement).value)}
              {...described('offer-name', errors.fields.name)}
            />
          </Field>
          <Field id="offer-currency" label={t('products.currency')} error={errors.fields.currency}>
            <select
              id="offer-currency"
              value={currency}
              onChange={(event) => setCurrency((event.target as HTMLSelectElement).value)}
            >
              {purchaseCurrencies.map((code) => (
                <option key={code}>{code}</option>
              ))}
            </select>
          </Field>
          <Field
            id="offer-amount"
            label={t('products.amount')}
            error={errors.fields.amount}
            hint={amountHint(amount, currency)}
          >
            <input
              id="offer-amount"
              inputMode="decimal"
              value={amount}
              onInput={(event) => setAmount((event.target as HTMLInputElement).value)}
              {...(errors.fields.amount
                ? described('offer-amount', errors.fields.amount)
                : { 'aria-describedby': 'offer-amount-hint' })}
            />
          </Field>
          <Field id="offer-cycle" label={t('products.billingCycle')} error={errors.fields.billingCycle}>
            <select
              id="offer-cycle"
              value={cycle}
              onChange={(event) => setCycle((event.target as HTMLSelectElement).value)}
            >
              {cycles.map((value) => (
                <option key={value} value={value}>
                  {value ? cycleWord(value) : t('products.oneTimeOption')}
                </option>
              ))}
            </select>
          </Field>
          <FormError message={errors.form} />
          <button type="submit">{t('products.addOffer')}</button>
        </form>
      )}
    </div>
  );
}
