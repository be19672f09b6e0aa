export { FileAgentClient, type DownloadLink } from './file-agent-client';
export { FileAgentError } from './agent-error';
export { chooseEndpoint, FILE_TOKEN_HEADER, isHttps } from './endpoint';
export { startBrowserDownload } from './browser-download';
export { UploadCanceled } from './upload-request';
export { isDownloadCanceled, isDownloadComplete, DOWNLOAD_CANCELED_MESSAGE } from './download-socket';
export type * from './types';
