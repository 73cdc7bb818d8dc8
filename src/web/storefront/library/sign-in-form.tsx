import { type FormEvent, useState } from 'react';
import * as library from '../../../shared/contracts/endpoints/library';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { useI18n } from '../../i18n';
import { useMessages } from '../../i18n/feature-messages';
import { ApiError } from '../../lib/api';
import { useApi } from '../../lib/deps';
import { libraryMessages } from './library-messages';

type Refusal = 'signIn.invalidEmail' | 'signIn.tooMany' | 'signIn.error';

function refusalOf(error: unknown): Refusal {
  if (!(error instanceof ApiError)) return 'signIn.error';
  if (error.status === 429) return 'signIn.tooMany';
  if (error.status === 400) return 'signIn.invalidEmail';
  return 'signIn.error';
}

/** The email to send a sign-in link to; the answer is the same whether or not it bought anything. */
export function SignInForm(props: { notice?: string }) {
  const api = useApi();
  const { locale } = useI18n();
  const t = useMessages(libraryMessages);
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Refusal | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await api.call(library.requestSignIn, { body: { email: email.trim(), locale } });
      setSentTo(email.trim());
    } catch (caught) {
      setError(refusalOf(caught));
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) {
    return (
      <div role="status" className="rounded-xl border border-teal-200 bg-teal-50 p-5">
        <h2 className="text-lg font-semibold text-teal-900">{t('signIn.sentTitle')}</h2>
        <p className="mt-2 break-words text-stone-700">{t('signIn.sent', { email: sentTo })}</p>
        <Button variant="link" className="mt-3 text-teal-800" onClick={() => setSentTo(null)}>
          {t('signIn.other')}
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-stone-200 bg-white p-5">
      <h2 className="text-lg font-semibold">{t('signIn.title')}</h2>
      {props.notice ? (
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {props.notice}
        </p>
      ) : null}
      <p className="text-stone-700">{t('signIn.intro')}</p>
      <Field
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        maxLength={254}
        label={t('signIn.email')}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error ? t(error) : undefined}
      />
      <Button type="submit" variant="primary" disabled={busy} className="h-11 w-full px-5 sm:w-auto">
        {busy ? t('signIn.sending') : t('signIn.submit')}
      </Button>
    </form>
  );
}
