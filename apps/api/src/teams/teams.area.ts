import { TEAM_INVITATION_TTL_DAYS } from '@hostdeck/contracts';
import { toLocale } from '../accounts/user-presenter.js';
import { defineArea } from '../area.js';
import { renderTeamInvitationMail } from '../mail/mail-templates.js';
import { teamsRoutes } from './teams.routes.js';
import { createTeamsRepository } from './teams.repository.js';
import { createTeamsService, type InvitationMailer } from './teams.service.js';
import { teamsVi } from './teams.vi.js';

/** Teams and the team permissions of spec/000 §3, §6, §7 Teams. */
export const teamsArea = defineArea({
  name: 'teams',
  services: (panel) => {
    // The link is built from APP_URL, never from a request's Host header (as the account mails).
    const mailInvitation: InvitationMailer = async ({ invitation, teamName, inviterName, locale }) => {
      const mail = renderTeamInvitationMail({
        locale: toLocale(locale),
        brand: panel.config.brand,
        inviter: inviterName,
        team: teamName,
        days: TEAM_INVITATION_TTL_DAYS,
        url: `${panel.config.appUrl}/team-invitations/${invitation.id}`,
      });
      try {
        await panel.mailer.send({ to: invitation.email, ...mail });
      } catch (error) {
        panel.appLog.error({ err: error, invitationId: invitation.id }, 'sending the team invitation failed');
      }
    };
    return {
      teams: createTeamsService({
        repository: createTeamsRepository(panel.db),
        policy: panel.policy,
        notify: panel.publish,
        mailInvitation,
      }),
    };
  },
  routes: teamsRoutes,
  messages: teamsVi,
});
