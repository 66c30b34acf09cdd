// Payer e-mails: which ones the account sends (the instruction, the receipt), the reply-to
// address and the sender's name (GET/PUT /v2/account/emails).
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.ts';
import { t } from '../i18n/i18n.ts';
import { Notice } from '../parts/bits.tsx';
import { described, errorsFrom, Field, type FieldErrors, FormError, noErrors } from '../parts/form.tsx';

interface EmailSettings {
  instruction: boolean;
  receipt: boolean;
  replyTo: string | null;
  senderName: string | null;
}

const kinds = [
  { kind: 'instruction', label: () => t('emails.instruction'), hint: () => t('emails.instructionHint') },
  { kind: 'receipt', label: () => t('emails.receipt'), hint: () => t('emails.receiptHint') },
] as const;

export function EmailsPage() {
  const [settings, setSettings] = useState<EmailSettings | null>(null);
  const [choice, setChoice] = useState({ instruction: true, receipt: true });
  const [replyTo, setReplyTo] = useState('');
  const [senderName, setSenderName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>(noErrors);
  const [notice, setNotice] = useState<string | null>(null);

  const show = (loaded: EmailSettings) => {
    setSettings(loaded);
    setChoice({ instruction: loaded.instruction, receipt: loaded.receipt });
    setReplyTo(loaded.replyTo ?? '');
    setSenderName(loaded.senderName ?? '');
  };

  useEffect(() => {
    api<EmailSettings>('GET', '/v2/account/emails')
      .then(show)
      .catch((caught: Error) => setErrors({ fields: {}, form: caught.message }));
  }, []);

  const save = async (event: Event) => {
    event.preventDefault();
    try {
      show(
        await api<EmailSettings>('PUT', '/v2/account/emails', {
          body: { ...choice, replyTo: replyTo.trim() || null, senderName: senderName.trim() || null },
        }),
      );
      setErrors(noErrors);
      setNotice(t('emails.saved'));
    } catch (caught) {
      setErrors(errorsFrom(caught, ['instruction', 'receipt', 'replyTo', 'senderName']));
    }
  };

  return (
    <section>
      <h1>{t('nav.emails')}</h1>
      <Notice text={notice} />
      <form class="card" onSubmit={save} noValidate aria-label={t('nav.emails')}>
        <fieldset disabled={!settings}>
          <legend>{t('emails.sendPayer')}</legend>
          <p class="hint">{t('emails.sendEmailsHint')}</p>
          {kinds.map(({ kind, label, hint }) => (
            <label class="check" key={kind}>
              <input
                type="checkbox"
                name={kind}
                checked={choice[kind]}
                onChange={(event) =>
                  setChoice({ ...choice, [kind]: (event.target as HTMLInputElement).checked })
                }
              />
              {label()} <span class="muted small">{hint()}</span>
            </label>
          ))}
          <Field id="reply-to" label={t('emails.replyTo')} error={errors.fields.replyTo}>
            <input
              id="reply-to"
              type="email"
              value={replyTo}
              onInput={(event) => setReplyTo((event.target as HTMLInputElement).value)}
              {...described('reply-to', errors.fields.replyTo)}
            />
          </Field>
          <Field id="sender-name" label={t('emails.senderName')} error={errors.fields.senderName}>
            <input
              id="sender-name"
              value={senderName}
              onInput={(event) => setSenderName((event.target as HTMLInputElement).value)}
              {...described('sender-name', errors.fields.senderName)}
            />
          </Field>
          <FormError message={errors.form} />
          <button type="submit">{t('emails.save')}</button>
        </fieldset>
      </form>
    </section>
  );
}
