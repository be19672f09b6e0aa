import { describe, expect, it } from 'vitest';
import { TEAM_PERMISSIONS } from '@hostdeck/contracts';
import {
  memberRolesWith,
  permissionsOfRole,
  serverAbilityAllowed,
  SERVER_ABILITIES,
  teamPermissionsFor,
} from './abilities.js';

describe('access rules', () => {
  it('lets a server owner do everything', () => {
    for (const ability of SERVER_ABILITIES) {
      expect(serverAbilityAllowed({ isOwner: true, teamRoles: [] }, ability)).toBe(true);
    }
  });

  it('lets team roles view and manage a shared server, never share or delete it', () => {
    for (const role of ['owner', 'admin', 'editor']) {
      const access = { isOwner: false, teamRoles: [role] };
      expect(serverAbilityAllowed(access, 'view'), role).toBe(true);
      expect(serverAbilityAllowed(access, 'manage'), role).toBe(true);
      expect(serverAbilityAllowed(access, 'share'), role).toBe(false);
      expect(serverAbilityAllowed(access, 'delete'), role).toBe(false);
    }
  });

  it('grants nothing without a team role, or with a role it does not know', () => {
    for (const teamRoles of [[], ['viewer'], ['constructor'], ['__proto__']]) {
      for (const ability of SERVER_ABILITIES) {
        expect(serverAbilityAllowed({ isOwner: false, teamRoles }, ability)).toBe(false);
      }
    }
    expect(permissionsOfRole('toString')).toEqual([]);
  });

  it('gives the owner every permission, admin all but deleting the team, editor none of the team', () => {
    expect(permissionsOfRole('owner')).toEqual(TEAM_PERMISSIONS);
    expect(permissionsOfRole('admin')).not.toContain('team:delete');
    expect(permissionsOfRole('admin')).toContain('team:add-members');
    expect(permissionsOfRole('editor').filter((permission) => permission.startsWith('team:'))).toEqual([]);
    expect(memberRolesWith('server:view').sort()).toEqual(['admin', 'editor']);
    expect(memberRolesWith('team:delete')).toEqual([]);
  });

  it('computes the team permissions of team info; a personal team cannot be deleted', () => {
    const team = { personalTeam: false };
    expect(teamPermissionsFor('owner', team)).toEqual({
      canAddTeamMembers: true,
      canDeleteTeam: true,
      canRemoveTeamMembers: true,
      canUpdateTeam: true,
    });
    expect(teamPermissionsFor('owner', { personalTeam: true }).canDeleteTeam).toBe(false);
    expect(teamPermissionsFor('admin', team)).toEqual({
      canAddTeamMembers: true,
      canDeleteTeam: false,
      canRemoveTeamMembers: true,
      canUpdateTeam: true,
    });
    expect(teamPermissionsFor('editor', team)).toEqual({
      canAddTeamMembers: false,
      canDeleteTeam: false,
      canRemoveTeamMembers: false,
      canUpdateTeam: false,
    });
  });
});
