import { queryOptions } from '@tanstack/react-query';
import type { PHP_VERSIONS } from '@hostdeck/contracts';
import { phpRoutes, phpSection, type PhpSapi } from '@hostdeck/contracts/php';
import { apiGetParsed, apiPath } from '../../api/client';
import { sectionListKey, startSectionAction } from '../../server-sections/section-api';

/**
 * The PHP page's calls (contracts `phpSection`, `phpRoutes`), each answer checked with its schema.
 * The list's key starts with the section's Update-data key (`server`: a PHP change also changes the
 * server's detail), so a realtime message or one of its events ending reloads it. Every change
 * answers the id of the event it started.
 */
type ServerId = number;
/** A version as the list names it; the API checks it against the versions it supports. */
type Version = (typeof PHP_VERSIONS)[number];
const asVersion = (version: string) => version as Version;

export const phpKey = (server: ServerId) => sectionListKey(phpSection, server);

/** GET api/servers/{server}/php/{version}/ini?sapi=: the file's text, read live from the server. */
export function phpIniQuery(server: ServerId, version: string, sapi: PhpSapi) {
  return queryOptions({
    // Not under the Update-data key: a server message must not reload the file under the editor.
    queryKey: ['php-ini', server, version, sapi],
    queryFn: async () =>
      (
        await apiGetParsed(
          apiPath(phpRoutes.readIni.path, { server, version }, { sapi }),
          phpRoutes.readIni.response,
        )
      ).data.content,
    // The editor keeps what it loaded; a save reads the file again.
    staleTime: Infinity,
    gcTime: 0,
  });
}

export const installPhp = (server: ServerId, version: string) =>
  startSectionAction(phpSection, 'install', server, { body: { version: asVersion(version) } });

export const removePhp = (server: ServerId, version: string) =>
  startSectionAction(phpSection, 'remove', server, { params: { version: asVersion(version) } });

export const setDefaultPhp = (server: ServerId, version: string) =>
  startSectionAction(phpSection, 'setDefault', server, { body: { version: asVersion(version) } });

export const setCliPhp = (server: ServerId, version: string) =>
  startSectionAction(phpSection, 'setCli', server, { body: { version: asVersion(version) } });

export const setOpcache = (server: ServerId, version: string, on: boolean) =>
  startSectionAction(phpSection, on ? 'enableOpcache' : 'disableOpcache', server, {
    params: { version: asVersion(version) },
  });

export const resetOpcache = (server: ServerId, version: string) =>
  startSectionAction(phpSection, 'resetOpcache', server, { params: { version: asVersion(version) } });

export const setUploadSize = (server: ServerId, version: string, sizeMb: number) =>
  startSectionAction(phpSection, 'setUploadSize', server, {
    params: { version: asVersion(version) },
    body: { size_mb: sizeMb },
  });

export const setExecutionTime = (server: ServerId, version: string, seconds: number) =>
  startSectionAction(phpSection, 'setExecutionTime', server, {
    params: { version: asVersion(version) },
    body: { seconds },
  });

export const setIoncube = (server: ServerId, version: string, on: boolean) =>
  startSectionAction(phpSection, on ? 'enableIoncube' : 'disableIoncube', server, {
    params: { version: asVersion(version) },
  });

export const writePhpIni = (server: ServerId, version: string, sapi: PhpSapi, content: string) =>
  startSectionAction(phpSection, 'writeIni', server, {
    params: { version: asVersion(version) },
    body: { sapi, content },
  });
