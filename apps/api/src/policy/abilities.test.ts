import { describe, expect, it } from 'vitest';
import { TEAM_PERMISSIONS } from '@hostdeck/contracts';
import {
  memberRolesWith,
  permissionsOfRole,
  serverAbilityAllowed,
  SERVER_ABILITIES,
  siteAbilityAllowed,
  teamPermissionsFor,
  type ServerAccess,
} from './abilities.js';

const through = (role: string, sites: number[] | null = null): ServerAccess => ({
  isOwner: false,
  grants: [{ permissions: permissionsOfRole(role), sites }],
});

describe('access rules', () => {
  it('lets a server owner do everything', () => {
    for (const ability of SERVER_ABILITIES) {
      expect(serverAbilityAllowed({ isOwner: true, grants: [] }, ability)).toBe(true);
    }
  });

  it('never lets a team role share or delete a shared server, not even the team owner', () => {
    for (const role of ['owner', 'admin', 'developer', 'viewer']) {
      expect(serverAbilityAllowed(through(role), 'view'), role).toBe(true);
      expect(serverAbilityAllowed(through(role), 'share'), role).toBe(false);
      expect(serverAbilityAllowed(through(role), 'delete'), role).toBe(false);
    }
  });

  it('separates the verbs: developer operates and configures, viewer only views', () => {
    const developer = through('developer');
    for (const ability of ['view', 'operate', 'configure', 'terminal', 'files', 'manage'] as const) {
      expect(serverAbilityAllowed(developer, ability), ability).toBe(true);
    }
    expect(serverAbilityAllowed(developer, 'destroy')).toBe(false);
    expect(serverAbilityAllowed(developer, 'secrets')).toBe(false);
    for (const ability of SERVER_ABILITIES) {
      expect(serverAbilityAllowed(through('viewer'), ability), ability).toBe(ability === 'view');
    }
    expect(serverAbilityAllowed(through('admin'), 'destroy')).toBe(true);
    expect(serverAbilityAllowed(through('admin'), 'secrets')).toBe(true);
  });

  it('lets a site scope view the server and act only on its sites', () => {
    const scoped = through('developer', [7]);
    expect(serverAbilityAllowed(scoped, 'view')).toBe(true);
    expect(serverAbilityAllowed(scoped, 'configure')).toBe(false);
    expect(siteAbilityAllowed(scoped, 7, 'configure')).toBe(true);
    expect(siteAbilityAllowed(scoped, 8, 'view')).toBe(false);
  });

  it('grants nothing without a team role, or with a role it does not know', () => {
    for (const roles of [[], ['editor'], ['constructor'], ['__proto__']]) {
      const access: ServerAccess = {
        isOwner: false,
        grants: roles.map((role) => ({ permissions: permissionsOfRole(role), sites: null })),
      };
      for (const ability of SERVER_ABILITIES) expect(serverAbilityAllowed(access, ability)).toBe(false);
    }
    expect(permissionsOfRole('toString')).toEqual([]);
  });

  it('reads a custom role from the team, keeping only known permissions', () => {
    const custom = new Map([['deployer', ['server:view', 'server:operate', 'bogus']]]);
    expect(permissionsOfRole('deployer', custom)).toEqual(['server:view', 'server:operate']);
    expect(permissionsOfRole('deployer')).toEqual([]);
  });

  it('gives the owner every permission, admin all but deleting the team, developer none of the team', () => {
    expect(permissionsOfRole('owner')).toEqual(TEAM_PERMISSIONS);
    expect(permissionsOfRole('admin')).not.toContain('team:delete');
    expect(permissionsOfRole('admin')).toContain('team:add-members');
    expect(permissionsOfRole('developer').filter((permission) => permission.startsWith('team:'))).toEqual([]);
    expect(memberRolesWith('server:view').sort()).toEqual(['admin', 'developer', 'viewer']);
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
    expect(teamPermissionsFor('developer', team)).toEqual({
      canAddTeamMembers: false,
      canDeleteTeam: false,
      canRemoveTeamMembers: false,
      canUpdateTeam: false,
    });
  });
});
