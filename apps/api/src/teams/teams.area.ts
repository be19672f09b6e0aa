import { defineArea } from '../area.js';
import { teamsRoutes } from './teams.routes.js';
import { createTeamsRepository } from './teams.repository.js';
import { createTeamsService } from './teams.service.js';
import { teamsVi } from './teams.vi.js';

/** Teams and the team permissions of spec/000 §3, §6, §7 Teams. */
export const teamsArea = defineArea({
  name: 'teams',
  services: (panel) => ({
    teams: createTeamsService({
      repository: createTeamsRepository(panel.db),
      policy: panel.policy,
      notify: panel.publish,
    }),
  }),
  routes: teamsRoutes,
  messages: teamsVi,
});
