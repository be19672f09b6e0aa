import { insertMember, insertTeam, signIn } from '../../policy/testing/policy-fixtures.js';
import type { TestApp } from '../../testing/test-app.js';

/**
 * The cast of the team API tests, each signed in: Olga owns the team "Ops", where Ada is an admin
 * and Ed an editor. A test signs in whoever else it needs (outsiders, newcomers) after.
 */
export async function opsTeamScene(test: TestApp) {
  const db = test.database.db;
  const olga = await signIn(test, 'Olga Owner');
  const ada = await signIn(test, 'Ada Admin');
  const ed = await signIn(test, 'Ed Editor');
  const team = await insertTeam(db, olga.user.id, 'Ops');
  await insertMember(db, team.id, ada.user.id, 'admin');
  await insertMember(db, team.id, ed.user.id, 'developer');
  return { olga, ada, ed, team };
}
