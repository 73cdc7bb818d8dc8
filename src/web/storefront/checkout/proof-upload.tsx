import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { uploadReceipt } from '../../../shared/contracts/endpoints/checkout';
import { useMessages } from '../../i18n/feature-messages';
import { ApiError, urlOf } from '../../lib/api';
import { purchaseMessages } from './messages';

/** Same limits as the server's (shared/contracts/mobile-money), kept here so zod stays out of the chunk. */
const PROOF_MAX_BYTES = 5 * 1024 * 1024;
const PROOF_EXTENSIONS = ['jpeg', 'jpg', 'png', 'webp', 'pdf'];
const PROOF_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];

/** Spec §5: the picker's checks; the message key to show, or null when the file may be sent. */
export function proofFileProblem(file: {
  name: string;
  type: string;
  size: number;
}): 'invalidType' | 'tooLarge' | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!PROOF_EXTENSIONS.includes(extension) && !PROOF_TYPES.includes(file.type)) return 'invalidType';
  if (file.size > PROOF_MAX_BYTES) return 'tooLarge';
  return null;
}

export type ProofFailureKey =
  | 'mm.invalidType'
  | 'mm.tooLarge'
  | 'mm.tooManyPixels'
  | 'mm.proofLimit'
  | 'mm.orderClosed'
  | 'mm.tooManyUploads'
  | 'mm.storageFull'
  | 'mm.uploadFailed';

/** A refused payment proof upload, told next to the file field in the shopper's language, by its status and code (spec §5 and the upload limits). */
export function proofFailureKey(status: number, code: string | undefined): ProofFailureKey {
  if (status === 413) return 'mm.tooLarge';
  if (status === 400) return code === 'image_too_many_pixels' ? 'mm.tooManyPixels' : 'mm.invalidType';
  if (status === 409) return code === 'receipt_limit' ? 'mm.proofLimit' : 'mm.orderClosed';
  if (status === 429) return 'mm.tooManyUploads';
  if (status === 503) return 'mm.storageFull';
  return 'mm.uploadFailed';
}

/** Sends the payment proof; what to tell the shopper when it was refused, or null once it is stored. */
async function postProof(orderId: string, file: File, provider: string): Promise<ProofFailureKey | null> {
  try {
    const body = new FormData();
    body.append('receipt', file);
    body.append('provider', provider || 'mobile_money');
    const response = await fetch(urlOf(uploadReceipt, { params: { id: orderId } }), {
      method: uploadReceipt.method,
      body,
      credentials: 'include',
      cache: 'no-store',
    });
    if (!response.ok) {
      const refused = new ApiError(response.status, await response.text(), response.statusText);
      console.error('Receipt upload failed:', refused.message);
      return proofFailureKey(response.status, refused.code);
    }
    return null;
  } catch (error) {
    console.error('Receipt upload failed:', error instanceof Error ? error.message : error);
    return 'mm.uploadFailed';
  }
}

/** Choosing a payment proof, sending it ('Sending...'), then sent: the picker gives way to a success message. */
export function ProofUpload(props: { orderId: string; providers?: string[]; onSent?(): void }) {
  const t = useMessages(purchaseMessages);
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [provider, setProvider] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  // Shown next to the file field, inside the dialog: a toast would be drawn under it.
  const [problem, setProblem] = useState<{ key: ProofFailureKey; fileName: string } | null>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setProblem(null);
    if (chosen) {
      const refused = proofFileProblem(chosen);
      if (refused) {
        event.target.value = '';
        setFile(null);
        setProblem({ key: `mm.${refused}`, fileName: chosen.name });
        return;
      }
    }
    setFile(chosen);
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setSending(true);
    const refused = await postProof(props.orderId, file, provider);
    setSending(false);
    if (refused) {
      setProblem({ key: refused, fileName: file.name });
      return;
    }
    setSent(true);
    props.onSent?.();
  };

  if (sent) {
    return (
      <p role="status" className="rounded-md bg-teal-50 p-3 text-sm font-medium text-teal-900">
        {t('mm.sent')}
      </p>
    );
  }
  return (
    <form onSubmit={send} className="space-y-3">
      {props.providers && props.providers.length > 0 ? (
        <ProviderSelect
          id={`${id}-provider`}
          providers={props.providers}
          value={provider}
          onChange={setProvider}
        />
      ) : null}
      <ProofFilePicker id={id} file={file} problem={problem} onChoose={choose} />
      <button
        type="submit"
        disabled={!file || sending}
        className="h-11 w-full rounded-md bg-teal-800 font-semibold text-white hover:bg-teal-700 disabled:opacity-60"
      >
        {sending ? t('mm.sending') : t('mm.send')}
      </button>
    </form>
  );
}

function ProviderSelect(props: {
  id: string;
  providers: string[];
  value: string;
  onChange(provider: string): void;
}) {
  const t = useMessages(purchaseMessages);
  return (
    <label className="block text-sm font-medium" htmlFor={props.id}>
      {t('mm.providerLabel')}
      <select
        id={props.id}
        name="provider"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        className="mt-1 h-11 w-full rounded-md border border-stone-300 bg-white px-3 text-base"
      >
        <option value="">{t('mm.providerAny')}</option>
        {props.providers.map((p) => (
          <option key={p} value={p}>
            {p}
          </option>
        ))}
      </select>
    </label>
  );
}

function ProofFilePicker(props: {
  id: string;
  file: File | null;
  problem: { key: ProofFailureKey; fileName: string } | null;
  onChoose(event: ChangeEvent<HTMLInputElement>): void;
}) {
  const t = useMessages(purchaseMessages);
  return (
    <>
      {/* The native button would speak the browser's language, not the page's. */}
      <div>
        <p id={`${props.id}-hint`} className="text-sm font-medium">
          {t('mm.proofLabel')}
        </p>
        <div className="mt-1 flex items-center gap-3">
          <label className="inline-flex h-10 shrink-0 cursor-pointer items-center rounded-md border border-stone-300 bg-stone-50 px-3 text-sm font-semibold hover:bg-stone-100 focus-within:ring-2 focus-within:ring-teal-700">
            {t('mm.chooseFile')}
            <input
              name="receipt"
              type="file"
              aria-describedby={props.problem ? `${props.id}-hint ${props.id}-error` : `${props.id}-hint`}
              aria-invalid={props.problem ? true : undefined}
              accept=".jpg,.jpeg,.png,.webp,.pdf,image/jpeg,image/png,image/webp,application/pdf"
              onChange={props.onChoose}
              className="sr-only"
            />
          </label>
          <span className="min-w-0 truncate text-sm text-stone-600">
            {props.file ? props.file.name : t('mm.noFile')}
          </span>
        </div>
        {props.problem ? (
          <p
            id={`${props.id}-error`}
            role="alert"
            data-testid="receipt-error"
            className="mt-2 rounded-md border border-red-200 bg-red-50 p-2 text-sm text-red-800 [overflow-wrap:anywhere]"
          >
            <span className="font-semibold">
              {t('mm.uploadError')} — {props.problem.fileName}
            </span>
            <br />
            {t(props.problem.key)}
          </p>
        ) : null}
      </div>
    </>
  );
}
