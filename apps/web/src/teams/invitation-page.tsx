/** `/team-invitations/{invitation}` (spec/000 §2, issue 22), routed in app/router.tsx. */
export { TeamInvitationPage as default } from './TeamInvitationPage';
