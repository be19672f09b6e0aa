import { supervisorLogRoute } from '@hostdeck/contracts/supervisor';
import { apiGetParsed, apiPath } from '../../api/client';

/** GET the last lines of a program's log, read from the server now. */
export async function fetchProgramLog(server: number, program: string): Promise<string> {
  const answer = await apiGetParsed(
    apiPath(supervisorLogRoute.path, { server, program }),
    supervisorLogRoute.response,
  );
  return answer.data.content;
}
