import {
  accountRoutes,
  type confirmPasswordRequestSchema,
  type confirmTwoFactorRequestSchema,
  type forgotPasswordRequestSchema,
  type loginRequestSchema,
  type registerRequestSchema,
  type resetPasswordRequestSchema,
  type twoFactorChallengeRequestSchema,
  type updatePasswordRequestSchema,
  type updatePreferencesRequestSchema,
  type updateProfileRequestSchema,
  type verifyEmailRequestSchema,
} from '@hostdeck/contracts';
import { apiRequest } from '../api/client';

/** The type a schema's `parse` returns, without importing zod into the web workspace. */
type Parsed<S extends { parse(input: unknown): unknown }> = ReturnType<S['parse']>;

type ConfirmPassword = Parsed<typeof confirmPasswordRequestSchema>;

/** Body of each call of contracts `accountRoutes` (`undefined`: the call has no body). */
interface AccountRequestBodies {
  register: Parsed<typeof registerRequestSchema>;
  login: Parsed<typeof loginRequestSchema>;
  twoFactorChallenge: Parsed<typeof twoFactorChallengeRequestSchema>;
  logout: undefined;
  resendVerification: undefined;
  verifyEmail: Parsed<typeof verifyEmailRequestSchema>;
  forgotPassword: Parsed<typeof forgotPasswordRequestSchema>;
  resetPassword: Parsed<typeof resetPasswordRequestSchema>;
  updateProfile: Parsed<typeof updateProfileRequestSchema>;
  updatePassword: Parsed<typeof updatePasswordRequestSchema>;
  /** multipart/form-data with one file field `photo`. */
  uploadProfilePhoto: FormData;
  deleteProfilePhoto: undefined;
  deleteAccount: ConfirmPassword;
  logoutOtherSessions: ConfirmPassword;
  enableTwoFactor: ConfirmPassword;
  confirmTwoFactor: Parsed<typeof confirmTwoFactorRequestSchema>;
  disableTwoFactor: ConfirmPassword;
  regenerateRecoveryCodes: ConfirmPassword;
  updatePreferences: Parsed<typeof updatePreferencesRequestSchema>;
}

export type AccountRouteName = keyof typeof accountRoutes;
export type AccountRequestBody<N extends AccountRouteName> = AccountRequestBodies[N];

type AccountResponse<N extends AccountRouteName> = (typeof accountRoutes)[N]['response'] extends {
  parse(input: unknown): infer R;
}
  ? R
  : undefined;

type BodyArguments<N extends AccountRouteName> = AccountRequestBodies[N] extends undefined
  ? []
  : [body: AccountRequestBodies[N]];

/**
 * Calls one account endpoint of contracts `accountRoutes` and validates its answer with the
 * route's schema, so pages get the types the panel promised (CONVENTIONS.md).
 */
export async function callAccountRoute<N extends AccountRouteName>(
  name: N,
  ...[body]: BodyArguments<N>
): Promise<AccountResponse<N>> {
  const route = accountRoutes[name];
  const answer = await apiRequest(route.method, route.path, body);
  // TypeScript cannot narrow `accountRoutes[N]['response']` for a generic N; the schema is the route's own.
  return (route.response === null ? undefined : route.response.parse(answer)) as AccountResponse<N>;
}
