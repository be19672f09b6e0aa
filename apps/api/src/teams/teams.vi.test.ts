import { describe, expect, it } from 'vitest';
import {
  addTeamMemberRequestSchema,
  createTeamRequestSchema,
  searchablePageQuerySchema,
  shareServerRequestSchema,
  TEAM_MESSAGES,
  TEAM_ROLES,
} from '@hostdeck/contracts';
import { translate } from '../i18n/translate.js';

/** Every message teams, servers and sites can answer with, from their code and request schemas. */
function schemaMessages(): string[] {
  const invalid = [
    createTeamRequestSchema.safeParse({ name: 'a\u0000'.repeat(200) }),
    createTeamRequestSchema.safeParse({}),
    addTeamMemberRequestSchema.safeParse({ email: 'nope', role: 'Root!' }),
    addTeamMemberRequestSchema.safeParse({ email: 'a@b.test' }),
    shareServerRequestSchema.safeParse({ server_id: 'x' }),
    searchablePageQuerySchema.safeParse({ search: 'x'.repeat(300), page: 'x' }),
  ];
  return invalid.flatMap((result) => result.error?.issues.map((issue) => issue.message) ?? []);
}

describe('teams messages', () => {
  it('all have Vietnamese, role names and descriptions included', () => {
    const messages = [
      ...schemaMessages(),
      ...Object.values(TEAM_MESSAGES),
      ...Object.values(TEAM_ROLES).flatMap((role) => [role.name, role.description]),
      'This action is unauthorized.',
      'Not Found',
    ];
    expect(messages).toContain('The selected role is invalid.');
    for (const message of new Set(messages)) expect(translate('vi', message), message).not.toBe(message);
  });
});
