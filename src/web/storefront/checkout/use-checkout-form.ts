import { useState } from 'react';
import { toast } from '../../components/ui/toast';
import { useMessages } from '../../i18n/feature-messages';
import {
  CUSTOMER_FIELDS,
  type CustomerField,
  customerProblems,
  type FieldProblem,
  type FieldProblems,
  refusedField,
} from './checkout-errors';
import { purchaseMessages } from './messages';

/** A field the server refused though the form's check passed (its rules moved on): the field's usual advice. */
const SERVER_REFUSAL: Record<CustomerField, FieldProblem> = {
  email: 'email',
  firstName: 'invalid',
  lastName: 'invalid',
  mobile: 'mobile',
};

const focusField = (field: CustomerField) =>
  document.querySelector<HTMLInputElement>(`input[name="${field}"]`)?.focus();

/** The news boxes start unticked (docs/features/consent.md). */
const NO_NEWS = { email: false, whatsapp: false };

/**
 * What the buyer chose beyond their name: guides on WhatsApp, their country, the business on the
 * invoice, the ticked news boxes (the WhatsApp one is shown only with a mobile number, so a number
 * removed takes it away).
 */
const buyerChoices = (
  choices: {
    whatsapp: boolean;
    country: string;
    business: { name: string; taxId: string };
    news: typeof NO_NEWS;
  },
  mobile: string,
) => {
  const { whatsapp, country, business, news } = choices;
  return {
    ...(whatsapp ? { whatsapp: true } : {}),
    ...(country ? { country } : {}),
    ...(business.name.trim() ? { businessName: business.name.trim() } : {}),
    ...(business.taxId.trim() ? { taxId: business.taxId.trim() } : {}),
    ...(news.email ? { newsByEmail: true } : {}),
    ...(news.whatsapp && mobile.trim() ? { newsByWhatsapp: true } : {}),
  };
};

/**
 * The shopper's details: the values, the problem under each field, the check before an order is
 * placed (the server's own zod rules, in this lazy chunk) and the refusal of a field by the server.
 */
export function useCheckoutForm() {
  const t = useMessages(purchaseMessages);
  const [values, setValues] = useState<Record<CustomerField, string>>({
    email: '',
    firstName: '',
    lastName: '',
    mobile: '',
  });
  const [problems, setProblems] = useState<FieldProblems>({});
  /** "Get my guides on WhatsApp": only ever true when the shop offers it. */
  const [whatsapp, setWhatsapp] = useState(false);
  /** The country the buyer lives in, asked only when the shop cannot tell (docs/features/taxes.md). */
  const [country, setCountry] = useState('');
  /** For an invoice made out to a business (docs/features/invoices.md); both optional. */
  const [business, setBusiness] = useState({ name: '', taxId: '' });
  const [news, setNews] = useState(NO_NEWS);

  const change = (name: CustomerField, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setProblems((p) => ({ ...p, [name]: undefined }));
  };

  /** The server's own rules (shared/contracts/checkout.ts), told under each field in the page's language. */
  const check = (): boolean => {
    const found = customerProblems(values);
    setProblems(found);
    const first = CUSTOMER_FIELDS.find((f) => found[f]);
    if (!first) return true;
    focusField(first);
    // The spec's toasts stay, the field messages say which field and what to do.
    const missing = Object.values(found).includes('required');
    const [title, text] = missing
      ? (['toast.missingInfo.title', 'toast.missingInfo.text'] as const)
      : found.mobile
        ? (['toast.invalidMobile.title', 'toast.invalidMobile.text'] as const)
        : (['toast.checkFields.title', 'toast.checkFields.text'] as const);
    toast({ title: t(title), description: t(text), variant: 'destructive' });
    return false;
  };

  /** A 400 naming a field of the form is shown under that field; true when it was. */
  const showRefusedField = (error: unknown): boolean => {
    const field = refusedField(error);
    if (!field) return false;
    setProblems({ [field]: customerProblems(values)[field] ?? SERVER_REFUSAL[field] });
    focusField(field);
    toast({
      title: t('toast.checkFields.title'),
      description: t('toast.checkFields.text'),
      variant: 'destructive',
    });
    return true;
  };

  const customer = {
    email: values.email.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    mobile: values.mobile.trim(),
    ...buyerChoices({ whatsapp, country, business, news }, values.mobile),
  };

  return {
    values,
    problems,
    change,
    check,
    showRefusedField,
    customer,
    whatsapp,
    setWhatsapp,
    country,
    setCountry,
    business,
    setBusiness,
    news,
    setNews,
  };
}

export type CheckoutForm = ReturnType<typeof useCheckoutForm>;
