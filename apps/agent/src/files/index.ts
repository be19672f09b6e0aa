/**
 * The agent's file API (spec/001 §7): `handleFileRequest` for /files/* calls and
 * `handleFileUpgrade` for the remote-download progress socket, plus the database import helper.
 */
export { handleFileRequest } from './router.js';
export { handleFileUpgrade, PROGRESS_SOCKET_PATH, type DownloadProgress } from './download-progress.js';
export { importDatabase, type DatabaseImportRequest, type DatabaseType } from './database-import.js';
export { isPublicAddress } from './address-policy.js';
export type { FileItem } from './file-item.js';
export {
  DEFAULT_FILE_API_OPTIONS,
  type FileApiOptions,
  type FileApiOverrides,
  type FileScope,
} from './options.js';
