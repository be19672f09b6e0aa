/** The API messages of the agent area (English catalogue keys; Vietnamese in agent.vi.ts). */
export const AGENT_MESSAGES = {
  bundleMissing: 'The agent bundle is not built: run npm run bundle -w @hostdeck/agent on the panel',
  invalidOrigin: 'Invalid origin',
  invalidPublicKey: 'Invalid public key',
  unknownFileCall: 'Unknown file call.',
  unreadableProxyRequest: 'The request holds characters that cannot be passed on to the agent.',
} as const;
