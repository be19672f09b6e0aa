import type { Recipe } from '../recipe.js';
import { siteAcmeChallenge, siteCertificateInstall, siteCertificateRemove } from './certificate-recipes.js';

export {
  acmeKeyAuthorizationSchema,
  acmeTokenSchema,
  certificateChainInputSchema,
  privateKeyInputSchema,
} from './certificate-inputs.js';
export { siteAcmeChallenge, siteCertificateInstall, siteCertificateRemove } from './certificate-recipes.js';

/** The SSL recipes of a site (sites plan: H4). */
export const certificateRecipes: readonly Recipe[] = [
  siteCertificateInstall,
  siteCertificateRemove,
  siteAcmeChallenge,
];
