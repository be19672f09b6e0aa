/**
 * Every message the agent's file API (apps/agent/src/files) answers with (English; the Vietnamese text is in agent-file-messages.vi.ts).
 * The web client shows these through its general error handler (spec/001 §8), so each is a
 * stable catalogue key: `{placeholders}` are never built into the text itself.
 */
export const FILE_MESSAGES = {
  // spec/001 §2 and §8 wording
  symlinkOutsideRoot: 'Cannot open symbolic link to root directory',
  tooLargeToView: 'File is too large, cannot be previewed',
  tooLarge: '413 Request Entity Too Large',
  invalidChmod: 'Invalid Chmod',
  downloadCanceled: 'download canceled',
  // confinement
  outsideRoot: 'The path is outside the root directory',
  invalidPath: 'Invalid path',
  invalidName: 'Invalid name',
  rootProtected: 'The root directory cannot be changed',
  symlinkOtherOwner: "Cannot follow a symbolic link to another owner's file",
  hardLinked: 'This file has other hard links and another owner: it cannot be changed or copied from here',
  changedMeanwhile: 'The file or folder changed during the operation; try again',
  // generic outcomes
  notFound: 'File or folder not found',
  alreadyExists: 'A file or folder with this name already exists',
  permissionDenied: 'Permission denied',
  readOnly: 'This token cannot change files',
  notADirectory: 'Not a folder',
  notAFile: 'Not a file',
  invalidRequest: 'Invalid request',
  required: 'Required',
  mustBeString: 'Must be a string',
  mustBeBoolean: 'Must be true or false',
  unknownCall: 'Unknown file call',
  methodNotAllowed: 'Method not allowed',
  internalError: 'The file operation failed',
  serviceUnavailable: 'The file service is unavailable',
  noSpace: 'No space left on the server',
  done: 'Done',
  // payload rules
  unknownUser: 'This user does not exist',
  unknownGroup: 'This group does not exist',
  invalidType: 'The type must be zip, tar or tar.gz',
  invalidLevel: 'The level must be between 0 and 9',
  invalidLimit: 'The line limit must be a positive number or -1',
  intoItself: 'A folder cannot be moved or copied into itself',
  uploadFieldsFirst: 'Send path and root before the file',
  noFile: 'There are no files to upload',
  // archives
  unsupportedArchive: 'This archive type is not supported',
  unsafeArchiveEntry: 'The archive holds an unsafe entry',
  archiveTooLarge: 'The archive expands to more than the allowed size',
  archiveTooManyEntries: 'The archive holds too many entries',
  archiveCorrupt: 'The archive is damaged or encrypted',
  // remote download
  invalidUrl: 'This must be a valid URL',
  urlScheme: 'Only http and https URLs can be downloaded',
  addressNotAllowed: 'This address is not allowed',
  hostNotFound: 'The host name could not be resolved',
  tooManyRedirects: 'Too many redirects',
  remoteStatus: 'The remote server answered with an error',
  remoteTimeout: 'The download took too long',
  downloadInProgress: 'This file is already being downloaded',
  downloadFailed: 'download failed',
  downloadCompleted: 'download completed',
  downloading: 'downloading',
  // database import
  noSqlInArchive: 'The archive holds no .sql file',
  importFailed: 'The database import failed',
  unsupportedDump: 'Only .sql, .sql.gz and .zip files can be imported',
} as const;

export type FileMessage = (typeof FILE_MESSAGES)[keyof typeof FILE_MESSAGES];
