/** A request the agent refuses with a status of its own (400 bad JSON, 413 too large, 422 bad path). */
export class AgentRequestError extends Error {
  override readonly name = 'AgentRequestError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
