// Types of precompress.mjs for the TypeScript that imports it (vite.config.ts, the panel's tests).
export declare const COMPRESSIBLE_FILE: RegExp;
export declare const VARIANTS: ReadonlyArray<{ encoding: 'br' | 'gzip'; suffix: '.br' | '.gz' }>;
export declare function compressBytes(encoding: 'br' | 'gzip', bytes: Buffer): Promise<Buffer>;
export declare function listBuiltFiles(directory: string): string[];
export declare function precompressDirectory(directory: string): Promise<{ files: number; written: number }>;
export declare function findPrecompressionProblems(directory: string): Promise<string[]>;
