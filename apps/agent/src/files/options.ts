/** What a file call may touch: the token's root, the Unix user it acts as, whether it may change files. */
export interface FileScope {
  /** Absolute path; every path of the call must resolve (symlinks included) to it or below it. */
  root: string;
  user: string;
  canWrite: boolean;
  /** Hex SHA-256 of the verified token: the key of save's encrypted path (files/path-cipher.ts). */
  pathKey?: string;
}

/** Limits of the file API. Every one is configurable; tests shrink them to exercise the refusals. */
export interface FileApiOptions {
  /** Largest upload. 8 * 2 ** 30, never 8 << 30: shifts are 32-bit in JS and that is 0 (busboy's trap). */
  maxUploadBytes: number;
  /** Largest body a JSON or form call (not upload/save) may send. */
  maxJsonBytes: number;
  /** Largest content `save` accepts (held in memory: the editor's files, not uploads). */
  maxSaveBytes: number;
  /** Largest text `view` returns; a whole file above it, or a binary one, answers 204. */
  maxViewBytes: number;
  /** Read chunk for downloads, uploads and archives: 1 MiB reads are about 3x faster than 64 KiB. */
  chunkBytes: number;
  archive: ArchiveLimits;
  remoteDownload: RemoteDownloadLimits;
  /**
   * The remote-download address policy: true when an outbound connection to this resolved IP is
   * allowed. Defaults to isPublicAddress (address-policy.ts); tests inject one that admits loopback.
   */
  allowAddress?: (address: string) => boolean;
}

export interface ArchiveLimits {
  /** Most entries an archive may hold. */
  maxEntries: number;
  /** Absolute cap on the bytes an extraction may write. */
  maxTotalBytes: number;
  /** Cap on total uncompressed size / archive size (zip bombs compress ~1000:1). */
  maxRatio: number;
  /** Extractions up to this size are allowed whatever their ratio (a tiny archive of zeros is harmless). */
  ratioFloorBytes: number;
}

export interface RemoteDownloadLimits {
  maxBytes: number;
  /** Whole download, headers to last byte. */
  timeoutMs: number;
  /** Connecting and receiving the response headers, per hop. */
  connectTimeoutMs: number;
  maxRedirects: number;
}

export const DEFAULT_FILE_API_OPTIONS: FileApiOptions = {
  maxUploadBytes: 8 * 2 ** 30,
  maxJsonBytes: 1024 * 1024,
  maxSaveBytes: 16 * 2 ** 20,
  maxViewBytes: 10 * 2 ** 20,
  chunkBytes: 2 ** 20,
  archive: {
    maxEntries: 100_000,
    maxTotalBytes: 16 * 2 ** 30,
    maxRatio: 100,
    ratioFloorBytes: 256 * 2 ** 20,
  },
  remoteDownload: {
    maxBytes: 8 * 2 ** 30,
    timeoutMs: 60 * 60 * 1000,
    connectTimeoutMs: 30_000,
    maxRedirects: 5,
  },
};

/** What a caller may override: any option, and any single limit of the nested groups. */
export type FileApiOverrides = Partial<Omit<FileApiOptions, 'archive' | 'remoteDownload'>> & {
  archive?: Partial<ArchiveLimits>;
  remoteDownload?: Partial<RemoteDownloadLimits>;
};

/** Options with defaults filled in (nested limits merged field by field). */
export function withDefaults(options: FileApiOverrides = {}): FileApiOptions {
  return {
    ...DEFAULT_FILE_API_OPTIONS,
    ...options,
    archive: { ...DEFAULT_FILE_API_OPTIONS.archive, ...options.archive },
    remoteDownload: { ...DEFAULT_FILE_API_OPTIONS.remoteDownload, ...options.remoteDownload },
  };
}
