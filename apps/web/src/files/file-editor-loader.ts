import { lazy } from 'react';

/** The file tab view (F2's editor/, CodeMirror inside) loads only when a file is opened. */
export const LazyFileEditor = lazy(() =>
  import('./editor').then((module) => ({ default: module.FileEditor })),
);
