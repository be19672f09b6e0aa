import { recipeSectionArea } from '../server-sections/section-area.js';
import { applicationsRecipeSection } from './applications.section.js';
import { applicationsVi } from './applications.vi.js';

/**
 * A server's applications (spec/000 §7: api/servers/{server}/applications…), a recipe-backed
 * section: its service, routes, finished-event handler (the `applications` Update-data key) and
 * Update-data keys come from its definition (server-sections/section-area.ts).
 */
export const applicationsArea = recipeSectionArea(applicationsRecipeSection, { messages: applicationsVi });
