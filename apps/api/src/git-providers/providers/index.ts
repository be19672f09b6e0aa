import type { GitProviderSlug } from '@hostdeck/contracts/git-providers';
import { bitbucket } from './bitbucket.js';
import { github } from './github.js';
import { gitlab } from './gitlab.js';
import type { GitProviderDefinition } from './provider-definition.js';

/** The git providers, in the order of the page's cards (docs/git-providers.md). */
export const GIT_PROVIDERS: Record<GitProviderSlug, GitProviderDefinition> = { github, gitlab, bitbucket };
export type { GitProviderDefinition } from './provider-definition.js';
