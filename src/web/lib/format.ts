/** Shared with the emails, which say a download's size too . */
export { formatBytes, formatFileSize, STAMP_ALLOWANCE_BYTES } from '../../shared/file-size';
