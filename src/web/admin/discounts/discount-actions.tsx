import * as discounts from '../../../shared/contracts/endpoints/admin-discounts';
import type { AdminDiscount } from '../../../shared/contracts/endpoints/admin-discounts.schemas';
import { toast } from '../../components/ui/toast';
import { adminCall } from '../auth/admin-session';
import { showAdminError } from '../shell/admin-toast';
import { useAdminAction } from '../shell/use-admin-data';

const buttonClass = 'rounded-md border px-3 py-1.5 text-sm font-medium disabled:opacity-60';

/** Edit, Pause or Resume, and Delete (confirmed; the orders that used the code keep it). */
export function DiscountActions(props: { code: AdminDiscount; onEdit(): void; onChanged(): Promise<void> }) {
  const { code, onChanged } = props;
  const params = { id: code.id };
  const act = useAdminAction(async (change: () => Promise<unknown>, done: string) => {
    try {
      await change();
      toast({ title: done });
    } catch (error) {
      showAdminError(error);
    } finally {
      await onChanged();
    }
  });
  const togglePause = () =>
    act.run(
      () => adminCall(discounts.pauseDiscount, { params, body: { paused: !code.paused } }),
      code.paused ? `${code.code} resumed` : `${code.code} paused`,
    );
  const remove = () => {
    const uses = code.uses.used + code.uses.held;
    const note = uses > 0 ? ` Its ${uses} orders keep their discount.` : '';
    if (!window.confirm(`Delete the code ${code.code}? Shoppers can no longer use it.${note}`)) return;
    void act.run(() => adminCall(discounts.deleteDiscount, { params }), `${code.code} deleted`);
  };
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className={`${buttonClass} border-stone-300 hover:bg-stone-50`}
        onClick={props.onEdit}
      >
        Edit
      </button>
      <button
        type="button"
        disabled={act.pending}
        className={`${buttonClass} border-stone-300 hover:bg-stone-50`}
        onClick={togglePause}
      >
        {code.paused ? 'Resume' : 'Pause'}
      </button>
      <button
        type="button"
        disabled={act.pending}
        className={`${buttonClass} border-red-300 text-red-700 hover:bg-red-50`}
        onClick={remove}
      >
        Delete
      </button>
    </div>
  );
}
