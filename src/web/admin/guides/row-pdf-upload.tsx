import { type ChangeEvent, useRef } from 'react';
import * as admin from '../../../shared/contracts/endpoints/admin';
import type { AdminGuide } from '../../../shared/contracts/endpoints/guides.schemas';
import { toast } from '../../components/ui/toast';
import { adminUploadTo, isAbortError } from '../auth/admin-session';
import { showAdminError } from '../shell/admin-toast';
import { UploadProgress, useUploadControl } from '../shell/upload-progress';
import { rowButtonClass as buttonClass } from './guide-actions';
import { pdfProblem } from './guide-form';

/** 'Upload PDF' for a guide without a file (POST /api/admin/upload/guide), with progress and cancel. */
export function RowPdfUpload({ guide, onChanged }: { guide: AdminGuide; onChanged(): Promise<void> }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadControl();

  const send = async (file: File) => {
    const body = new FormData();
    body.append('guideId', guide.id);
    body.append('pdf', file);
    try {
      await adminUploadTo(admin.uploadGuidePdf, { body }, upload.begin());
    } catch (error) {
      if (isAbortError(error)) toast({ title: 'Upload cancelled', description: 'Nothing was saved.' });
      else showAdminError(error);
      return;
    } finally {
      upload.end();
    }
    toast({ title: 'PDF uploaded successfully' });
    await onChanged();
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = pdfProblem(file, 'row');
    if (problem) showAdminError(problem);
    else void send(file);
  };

  return (
    <div className="min-w-[10rem] space-y-2">
      <input
        ref={input}
        type="file"
        accept="application/pdf"
        onChange={onFile}
        className="sr-only"
        aria-label={`PDF file for ${guide.title}`}
        tabIndex={-1}
      />
      {upload.progress === null ? (
        <button
          type="button"
          onClick={() => input.current?.click()}
          className={`${buttonClass} border-teal-700 text-teal-900 hover:bg-teal-50`}
        >
          Upload PDF
        </button>
      ) : (
        <UploadProgress control={upload} label={`Upload progress for ${guide.title}`} />
      )}
    </div>
  );
}
