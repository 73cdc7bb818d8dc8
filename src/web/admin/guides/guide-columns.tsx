import type { AdminGuide } from '../../../shared/contracts/endpoints/guides.schemas';
import { CoverThumb } from '../../components/ui/cover-thumb';
import { formatFileSize } from '../../lib/format';
import type { Column } from '../shell/admin-table';
import { GuideActions } from './guide-actions';
import { GuideEditionsButton } from './guide-editions';
import { RowPdfUpload } from './row-pdf-upload';

function ProductCell({ guide }: { guide: AdminGuide }) {
  return (
    <div className="flex items-start gap-3">
      <CoverThumb src={guide.imageUrl} emptyClass="bg-stone-100" lazy />
      <div className="min-w-0">
        <p className="font-medium">{guide.title}</p>
        <p className="mt-1 flex items-center gap-2 text-xs text-stone-600">
          <span className="rounded bg-stone-800 px-1.5 py-0.5 font-semibold text-white">
            {guide.locale.toUpperCase()}
          </span>
          Created {new Date(guide.createdAt).toLocaleDateString('en-GB')}
        </p>
      </div>
    </div>
  );
}

function FileCell({ guide, onChanged }: { guide: AdminGuide; onChanged(): Promise<void> }) {
  if (!guide.fileName) return <RowPdfUpload guide={guide} onChanged={onChanged} />;
  return (
    <div className="max-w-[14rem] break-all text-xs">
      {guide.fileName}
      <span className="block text-stone-600">
        {formatFileSize(guide.fileSize, 'en')}
        {guide.pageCount ? ` · ${guide.pageCount} pages` : ''}
      </span>
      <GuideEditionsButton guide={guide} onChanged={onChanged} />
    </div>
  );
}

/** The Guides tab's columns. */
export function guideColumns(ctx: {
  onEdit(guide: AdminGuide): void;
  onChanged(): Promise<void>;
}): Column<AdminGuide>[] {
  return [
    { header: 'Product', cell: (guide) => <ProductCell guide={guide} /> },
    { header: 'Price', className: 'whitespace-nowrap', cell: (guide) => `€${guide.price}` },
    {
      header: 'Rating',
      className: 'whitespace-nowrap',
      cell: (guide) => (
        <>
          ★ {guide.rating ?? '—'} <span className="text-stone-600">({guide.reviewCount})</span>
        </>
      ),
    },
    {
      header: 'Status',
      cell: (guide) => (
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${guide.isActive ? 'bg-emerald-100 text-emerald-900' : 'bg-stone-200 text-stone-800'}`}
        >
          {guide.isActive ? 'Active' : 'Inactive'}
        </span>
      ),
    },
    { header: 'File', cell: (guide) => <FileCell guide={guide} onChanged={ctx.onChanged} /> },
    {
      header: 'Actions',
      cell: (guide) => (
        <GuideActions guide={guide} onEdit={() => ctx.onEdit(guide)} onChanged={ctx.onChanged} />
      ),
    },
  ];
}
