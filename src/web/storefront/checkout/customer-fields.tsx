import { Field } from '../../components/ui/field';
import { useMessages } from '../../i18n/feature-messages';
import type { CustomerField } from './checkout-errors';
import { purchaseMessages } from './messages';
import type { CheckoutForm } from './use-checkout-form';

/** The shopper's name, email and mobile, each with its problem under it in the page's language. */
export function CustomerFields(props: { form: CheckoutForm }) {
  const t = useMessages(purchaseMessages);
  const { values, problems, change } = props.form;
  const field = (name: CustomerField, label: string, type: string, autoComplete: string) => {
    const problem = problems[name];
    return (
      <Field
        name={name}
        label={label}
        type={type}
        autoComplete={autoComplete}
        value={values[name]}
        error={problem ? t(`field.${problem}`) : undefined}
        onChange={(event) => change(name, event.target.value)}
        inputClassName="mt-1 h-11 w-full scroll-mt-24 rounded-md border px-3 text-base"
      />
    );
  };
  return (
    <>
      {field('email', t('checkout.email'), 'email', 'email')}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('firstName', t('checkout.firstName'), 'text', 'given-name')}
        {field('lastName', t('checkout.lastName'), 'text', 'family-name')}
      </div>
      {field('mobile', t('checkout.mobile'), 'tel', 'tel')}
    </>
  );
}
