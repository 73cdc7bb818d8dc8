import * as admin from '../../../shared/contracts/endpoints/admin';
import type { AdminContentBlock, ContentVersion } from '../../../shared/contracts/endpoints/content.schemas';
import { AsyncState } from '../../components/ui/async-state';
import { toast } from '../../components/ui/toast';
import { adminCall } from '../auth/admin-session';
import { showAdminError } from '../shell/admin-toast';
import { useAdminAction, useAdminData } from '../shell/use-admin-data';
import { formatDate } from './content-save';

/** The versions of a block, newest first, each but the current one restorable. */
export function VersionHistory({
  block,
  onChanged,
}: {
  block: AdminContentBlock;
  onChanged(): Promise<void>;
}) {
  const versions = useAdminData(admin.contentVersions, {
    params: { key: block.key },
    query: { locale: block.locale },
  });
  const rollback = useAdminAction(async (version: number) => {
    try {
      await adminCall(admin.rollbackContent, {
        params: { key: block.key },
        body: { version, locale: block.locale },
      });
    } catch (error) {
      showAdminError(error);
      return;
    }
    toast({ title: 'Content rolled back successfully' });
    await onChanged();
  });

  return (
    <AsyncState state={versions} loading={<p className="text-sm text-stone-600">Loading history…</p>}>
      {(list) => <VersionList block={block} versions={list} rollback={rollback} />}
    </AsyncState>
  );
}

function VersionList(props: {
  block: AdminContentBlock;
  versions: ContentVersion[];
  rollback: { run(version: number): Promise<void>; pending: boolean };
}) {
  const { block, rollback } = props;
  return (
    <ol
      className="divide-y divide-stone-100 rounded-md bg-stone-50 px-3"
      aria-label={`History of ${block.key}`}
    >
      {props.versions.map((v) => (
        <li
          key={v.version}
          className="flex flex-wrap items-center gap-3 py-2 text-sm"
          data-testid="content-version"
        >
          <span className="font-semibold">v{v.version}</span>
          <span className="text-stone-600">{formatDate(v.createdAt)}</span>
          <span className="text-stone-600">{v.updatedBy}</span>
          <span className="min-w-0 flex-1 truncate text-stone-800" title={v.value}>
            {v.value.length > 120 ? `${v.value.slice(0, 120)}…` : v.value}
          </span>
          {v.version === block.version ? (
            <span className="text-xs font-medium text-teal-800">Current</span>
          ) : (
            <button
              type="button"
              aria-label={`Restore version ${v.version}`}
              disabled={rollback.pending}
              onClick={() => void rollback.run(v.version)}
              className="rounded-md border border-stone-300 bg-white px-3 py-1 text-sm hover:bg-stone-100 disabled:opacity-60"
            >
              Restore
            </button>
          )}
        </li>
      ))}
    </ol>
  );
}
