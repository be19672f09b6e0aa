import type { z } from 'zod';
import { appInfoSchema, healthSchema } from './app-info.js';

/**
 * The HTTP calls the browser makes, with their response schemas. The panel registers these
 * schemas on its routes and the web client derives its types from the same entries, so the two
 * cannot drift apart.
 */
export const apiRoutes = {
  health: { method: 'GET', path: '/api/health', response: healthSchema },
  info: { method: 'GET', path: '/api/info', response: appInfoSchema },
} as const;

export type ApiRouteName = keyof typeof apiRoutes;
export type ApiResponse<N extends ApiRouteName> = z.infer<(typeof apiRoutes)[N]['response']>;
