// The hosted checkout's script (bundled per currency by infra/checkout-form-build.ts, inlined
// under the page's CSP nonce). It shows the fields of the chosen method and checks each with the
// purchase API's own schema (payer-fields.ts), in the payer's language; the server checks the
// same again, so the page works without it. No framework, no requests.
import type * as v from 'valibot';
import type { VariantContext } from '../../purchase/purchase-request.ts';
import { type FieldProblem, fieldProblem, payerFieldSchemas } from '../payer-fields.ts';

interface CheckoutConfig {
  currency: string;
  methods: Record<string, { request: string; amount: { min: number; max: number } }>;
  currencyMethods: string[];
  messages: Record<string, Record<FieldProblem, string>>;
}

/** A request variant's body schema builder, by variant name (`PixPurchase`…). */
export type BodySchemas = Readonly<Record<string, (context: VariantContext) => v.GenericSchema>>;

export function startCheckoutForm(variants: BodySchemas): void {
  const found = document.querySelector<HTMLFormElement>('form[data-checkout-form]');
  const configElement = document.getElementById('checkout-config');
  if (!found || !configElement) return;
  const form: HTMLFormElement = found;
  const config = JSON.parse(configElement.textContent ?? '{}') as CheckoutConfig;
  const live = document.getElementById('live-region');
  const schemas = new Map<string, Map<string, v.GenericSchema>>();

  const chosen = (): string =>
    form.querySelector<HTMLInputElement>('input[name=paymentMethod]:checked')?.value ??
    form.querySelector<HTMLInputElement>('input[name=paymentMethod]')?.value ??
    '';

  function fieldsOf(method: string): Map<string, v.GenericSchema> {
    let fields = schemas.get(method);
    if (!fields) {
      const spec = config.methods[method];
      const bodySchema = spec ? variants[spec.request] : undefined;
      fields = new Map();
      if (spec && bodySchema) {
        const context = { now: new Date(), amount: spec.amount, method, methods: config.currencyMethods };
        fields = payerFieldSchemas(bodySchema(context), config.currency);
      }
      schemas.set(method, fields);
    }
    return fields;
  }

  const inputs = () => Array.from(form.querySelectorAll<HTMLInputElement>('input.input'));

  function showError(input: HTMLInputElement, message: string | null): void {
    const error = document.getElementById(`${input.id}-error`);
    if (error) error.textContent = message ?? '';
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }

  /** True when the field passes (or the chosen method does not ask for it). */
  function check(input: HTMLInputElement): boolean {
    const schema = fieldsOf(chosen()).get(input.name);
    const problem = schema ? fieldProblem(schema, input.value) : null;
    showError(input, problem ? (config.messages[input.name]?.[problem] ?? problem) : null);
    return problem === null;
  }

  function showChosen(): void {
    const method = chosen();
    for (const element of Array.from(form.querySelectorAll<HTMLElement>('[data-methods]'))) {
      const shown = (element.getAttribute('data-methods') ?? '').split(' ').includes(method);
      element.hidden = !shown;
      // A hidden field is not sent: the server would ignore it anyway.
      for (const input of Array.from(element.querySelectorAll('input'))) input.disabled = !shown;
    }
    for (const mark of Array.from(form.querySelectorAll<HTMLElement>('[data-optional-in]')))
      mark.hidden = !(mark.getAttribute('data-optional-in') ?? '').split(' ').includes(method);
    for (const input of inputs()) if (input.getAttribute('aria-invalid')) check(input);
  }

  form.addEventListener('change', (event) => {
    const target = event.target as HTMLInputElement;
    if (target.name === 'paymentMethod') showChosen();
  });
  for (const input of inputs()) {
    input.addEventListener('blur', () => {
      if (input.value.trim() !== '' || input.getAttribute('aria-invalid')) check(input);
    });
    input.addEventListener('input', () => {
      if (input.getAttribute('aria-invalid')) check(input);
    });
  }

  let submitted = false;
  form.addEventListener('submit', (event) => {
    const failing = inputs().filter((input) => !input.disabled && !check(input));
    if (failing.length > 0) {
      event.preventDefault();
      failing[0]!.focus();
      if (live) live.textContent = document.getElementById(`${failing[0]!.id}-error`)?.textContent ?? '';
      return;
    }
    // One transaction per session whatever happens, but a second click need not travel.
    if (submitted) event.preventDefault();
    submitted = true;
  });
  window.addEventListener('pageshow', () => {
    submitted = false;
  });
  showChosen();
}
