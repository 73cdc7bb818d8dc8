import { useId } from 'react';
import * as admin from '../../../shared/contracts/endpoints/admin';
import type { AdminGuide } from '../../../shared/contracts/endpoints/guides.schemas';
import { toast } from '../../components/ui/toast';
import { adminCall } from '../auth/admin-session';
import { showAdminError } from '../shell/admin-toast';
import { useAdminAction } from '../shell/use-admin-data';

const UNPUBLISH_CONFIRM =
  'This will unpublish the travel guide (remove it from the storefront). You can republish it later. Continue?';
const DELETE_CONFIRM =
  'This will permanently delete the travel guide. This action cannot be undone. Are you sure?';

export const rowButtonClass = 'rounded-md border px-3 py-1.5 text-sm font-medium disabled:opacity-60';
const buttonClass = rowButtonClass;

/** Edit, then Unpublish for a live guide or Delete for an unpublished one (with why it cannot be, if so). */
export function GuideActions({
  guide,
  onEdit,
  onChanged,
}: {
  guide: AdminGuide;
  onEdit(): void;
  onChanged(): Promise<void>;
}) {
  const reasonId = useId();
  const { unpublish, remove } = useGuideActions(guide, onChanged);

  return (
    <>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={onEdit}
          aria-label={`Edit ${guide.title}`}
          className={`${buttonClass} border-stone-300 hover:bg-stone-50`}
        >
          Edit
        </button>
        {guide.isActive ? (
          <button
            type="button"
            onClick={() => unpublish.run()}
            disabled={unpublish.pending}
            aria-label={`Unpublish ${guide.title}`}
            className={`${buttonClass} border-amber-400 text-amber-900 hover:bg-amber-50`}
          >
            Unpublish
          </button>
        ) : (
          <button
            type="button"
            onClick={() => remove.run()}
            disabled={remove.pending || guide.deleteBlockedReason !== null}
            aria-label={`Delete ${guide.title}`}
            aria-describedby={guide.deleteBlockedReason ? reasonId : undefined}
            className={`${buttonClass} border-red-300 text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent`}
          >
            Delete
          </button>
        )}
      </div>
      {!guide.isActive && guide.deleteBlockedReason ? (
        <p
          id={reasonId}
          data-testid="delete-blocked-reason"
          className="mt-1 max-w-[16rem] text-xs text-stone-600"
        >
          {guide.deleteBlockedReason}
        </p>
      ) : null}
    </>
  );
}

/** Unpublish (after a confirm) and delete (when the server allows it, after a confirm), each one at a time. */
function useGuideActions(guide: AdminGuide, onChanged: () => Promise<void>) {
  const params = { id: guide.id };

  const unpublish = useAdminAction(async () => {
    if (!window.confirm(UNPUBLISH_CONFIRM)) return;
    try {
      await adminCall(admin.unpublishGuide, { params });
    } catch (error) {
      showAdminError(error);
      return;
    }
    toast({ title: 'Travel guide unpublished successfully' });
    await onChanged();
  });

  const remove = useAdminAction(async () => {
    try {
      const verdict = await adminCall(admin.canDeleteGuide, { params });
      if (!verdict.canDelete) {
        toast({
          title: 'Cannot Delete',
          description: verdict.reason || 'This guide cannot be permanently deleted',
          variant: 'destructive',
        });
        return;
      }
      if (!window.confirm(DELETE_CONFIRM)) return;
      await adminCall(admin.deleteGuide, { params });
    } catch (error) {
      showAdminError(error);
      return;
    }
    toast({ title: 'Travel guide permanently deleted' });
    await onChanged();
  });
  return { unpublish, remove };
}
