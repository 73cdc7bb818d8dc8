/** Shared with the emails, which say a download's size too (issue 20). */
export { formatFileSize } from '../../shared/file-size';
