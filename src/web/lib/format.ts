/** Shared with the emails, which say a download's size too . */
export { downloadBytes, formatBytes, formatFileSize } from '../../shared/file-size';
