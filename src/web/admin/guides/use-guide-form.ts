import { type ChangeEvent, type FormEvent, useState } from 'react';
import * as admin from '../../../shared/contracts/endpoints/admin';
import type { AdminGuide } from '../../../shared/contracts/endpoints/guides.schemas';
import { toast } from '../../components/ui/toast';
import { adminCall, adminUploadTo, isAbortError } from '../auth/admin-session';
import { showAdminError } from '../shell/admin-toast';
import { useUploadControl } from '../shell/upload-progress';
import {
  type GuideFormFiles,
  type GuideFormProblems,
  type GuideFormValues,
  guideFormData,
  guideFormProblems,
} from './guide-form';

export type FileField = keyof GuideFormFiles;

function initialValues(guide: AdminGuide | null, defaultLocale: 'fr' | 'en'): GuideFormValues {
  return guide
    ? {
        title: guide.title,
        description: guide.description,
        price: guide.price,
        locale: guide.locale,
        isActive: guide.isActive,
      }
    : { title: '', description: '', price: '0.00', locale: defaultLocale, isActive: true };
}

export interface GuideDialogProps {
  guide: AdminGuide | null;
  defaultLocale: 'fr' | 'en';
  onClose(): void;
  onSaved(): Promise<void>;
}

/**
 * The guide form's state: values, files, the problems under each field, and saving (multipart with
 * progress and cancel when files go with it, JSON otherwise).
 */
export function useGuideForm(props: GuideDialogProps) {
  const { guide } = props;
  const creating = guide === null;
  const [values, setValues] = useState(() => initialValues(guide, props.defaultLocale));
  const [files, setFiles] = useState<GuideFormFiles<File>>({});
  const [problems, setProblems] = useState<GuideFormProblems>({});
  const [saving, setSaving] = useState(false);
  const upload = useUploadControl();

  const set = <K extends keyof GuideFormValues>(field: K, value: GuideFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };

  const pick =
    (field: FileField, check: (file: File) => string | null) => (event: ChangeEvent<HTMLInputElement>) => {
      const file = event.target.files?.[0];
      const problem = file ? check(file) : null;
      if (problem) event.target.value = '';
      setFiles((current) => ({ ...current, [field]: problem ? undefined : file }));
      setProblems((current) => ({ ...current, [field]: problem ?? undefined, files: undefined }));
    };

  const save = async () => {
    const hasFiles = Boolean(files.coverImage || files.pdfPrimary || files.pdfSecondary);
    if (hasFiles) {
      const body = guideFormData(values, files);
      await (creating
        ? adminUploadTo(admin.createGuide, { body }, upload.begin())
        : adminUploadTo(admin.replaceGuide, { params: { id: guide.id }, body }, upload.begin()));
      return creating
        ? 'Travel guide created successfully with files'
        : 'Travel guide updated successfully with files';
    }
    await adminCall(admin.updateGuide, {
      params: { id: guide?.id ?? '' },
      body: { ...values, title: values.title.trim(), description: values.description.trim() },
    });
    return 'Travel guide updated successfully';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = guideFormProblems(values, files, creating);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const message = await save();
      toast({ title: message });
      await props.onSaved();
      props.onClose();
    } catch (error) {
      if (isAbortError(error)) toast({ title: 'Upload cancelled', description: 'Nothing was saved.' });
      else showAdminError(error);
    } finally {
      upload.end();
      setSaving(false);
    }
  };

  const close = () => {
    upload.cancel();
    props.onClose();
  };

  return { creating, values, set, pick, problems, saving, upload, submit, close };
}

export type GuideForm = ReturnType<typeof useGuideForm>;
