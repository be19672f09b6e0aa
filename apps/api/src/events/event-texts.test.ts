import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CERTIFICATE_MESSAGES,
  EVENT_DESCRIPTIONS,
  EVENT_ERRORS,
  englishEventText,
  type EventTextValues,
} from '@hostdeck/contracts';
import { recipes, type Recipe } from '@hostdeck/recipes';
import webEnglish from '@hostdeck/web/src/i18n/locales/en/events.json';
import webVietnamese from '@hostdeck/web/src/i18n/locales/vi/events.json';
import type { AnyArea } from '../area.js';
import { AREAS } from '../areas.js';
import { vi } from '../i18n/vi.js';
import { stepFailedText } from '../jobs/event-error.js';
import { panelRecipes } from '../jobs/recipe-registry.js';
import { eventDescription, eventTemplates, recognizeEventText, translateEventText } from './event-texts.js';
import { EVENT_DESCRIPTIONS_VI, EVENT_ERRORS_VI, eventsVi, RECIPE_STEP_TITLES_VI } from './events.vi.js';

/** Areas whose web folder is the section entry's id, not the area name (servers/sections.ts). */
const WEB_FOLDERS: Readonly<Record<string, string>> = {
  'system-users': 'users',
  'user-ssh-keys': '../user/ssh-keys',
  'server-transfer': '../user/server-transfer',
  // The private network is a panel of the WireGuard page: its texts are in that page's catalogue.
  'private-networks': 'wireguard',
  // The web section ids of spec/000 §2 (servers/sections.ts) for the issue 19 areas.
  bind9: 'dns',
  mailserver: 'mail',
  roundcube: 'mail',
  // Issue 20: the server section's id is `backup` (spec/000 §2 /servers/{server}/backup).
  backups: 'backup',
  'dns-providers': '../user/dns',
  // Issue 21 §7: a site's 8G firewall, a card of the site's settings page.
  'firewall-8g': '../sites/firewall-8g',
  // Issue 21 point 6: a site's load balancing page (apps/web/src/sites/balancing).
  balancing: '../sites/balancing',
  // Issue 21 point 3: a site's WordPress page (apps/web/src/sites/wordpress).
  wordpress: '../sites/wordpress',
  // Issue 21 point 5: a site's app catalogue (apps/web/src/sites/site-apps).
  'site-apps': '../sites/site-apps',
  // Issue 21 point 4: a site's n8n page (apps/web/src/sites/n8n).
  n8n: '../sites/n8n',
  // Issue 22 point 6: running a custom script (apps/web/src/user/scripts).
  scripts: '../user/scripts',
  // Issue 23 point 1: creating a server at a VPS provider (apps/web/src/user/vps).
  vps: '../user/vps',
};
/** A server section's web event texts (apps/web/src/servers/<area>/locales, i18n/section-catalogues.ts). */
const webSectionCatalogue = (folder: string, locale: 'en' | 'vi') =>
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, `../../../web/src/servers/${folder}/locales/events.${locale}.json`),
      'utf8',
    ),
  ) as { eventTexts?: { descriptions?: Record<string, string> }; recipeSteps?: Record<string, object> };
/** The areas that bring event descriptions or recipes of their own. */
const areasWithEvents = () => AREAS.filter((area) => area.eventDescriptions || area.recipes);

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
/** The web's i18next writes placeholders `{{name}}`. */
const asI18next = (catalogue: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(catalogue).map(([id, text]) => [id, text.replace(/\{(\w+)\}/g, '{{$1}}')]),
  );
const stepTitles = (list: readonly Recipe[] = Object.values(recipes)) =>
  Object.fromEntries(
    list.map((recipe) => [recipe.id, Object.fromEntries(recipe.steps.map((step) => [step.id, step.title]))]),
  );

describe('event texts', () => {
  it('have Vietnamese for every description, error line and recipe step, with the same placeholders', () => {
    for (const [id, english] of Object.entries(EVENT_DESCRIPTIONS)) {
      expect(placeholders(EVENT_DESCRIPTIONS_VI[id as keyof typeof EVENT_DESCRIPTIONS]), id).toEqual(
        placeholders(english),
      );
    }
    // Every description of the panel, the registered sections' too (their `<area>.vi.ts`).
    for (const [id, english] of Object.entries(eventTemplates().description)) {
      expect(vi[english], id).toBeTruthy();
      expect(placeholders(vi[english]!), id).toEqual(placeholders(english));
    }
    for (const [id, english] of Object.entries(EVENT_ERRORS)) {
      expect(placeholders(EVENT_ERRORS_VI[id as keyof typeof EVENT_ERRORS]), id).toEqual(
        placeholders(english),
      );
    }
    for (const recipe of Object.values(recipes)) {
      for (const step of recipe.steps) {
        expect(RECIPE_STEP_TITLES_VI[recipe.id]?.[step.id], `${recipe.id} ${step.id}`).toBeTruthy();
        // API messages are keyed by their English: one title, one translation.
        expect(eventsVi[step.title], step.title).toBe(RECIPE_STEP_TITLES_VI[recipe.id]![step.id]);
      }
    }
    for (const recipe of Object.values(panelRecipes().recipes)) {
      for (const step of recipe.steps) expect(vi[step.title], `${recipe.id} ${step.id}`).toBeTruthy();
    }
    for (const [english, vietnamese] of Object.entries(eventsVi))
      expect(vi[english], english).toBe(vietnamese);
  });

  it('are the same in the web catalogues as in the API and the recipes', () => {
    expect(webEnglish.eventTexts.descriptions).toEqual(asI18next(EVENT_DESCRIPTIONS));
    expect(webEnglish.eventTexts.errors).toEqual(asI18next(EVENT_ERRORS));
    expect(webEnglish.recipeSteps).toEqual(stepTitles());
    expect(webVietnamese.eventTexts.descriptions).toEqual(asI18next(EVENT_DESCRIPTIONS_VI));
    expect(webVietnamese.eventTexts.errors).toEqual(asI18next(EVENT_ERRORS_VI));
    expect(webVietnamese.recipeSteps).toEqual(RECIPE_STEP_TITLES_VI);
  });

  it("are the same in a section's web catalogue as in its API areas", () => {
    expect(areasWithEvents().map((area) => area.name)).toContain('applications');
    // One web folder may hold the texts of several areas (the WireGuard page: wireguard and
    // private-networks): each folder is compared with all of its areas together.
    const folders = new Map<string, AnyArea[]>();
    for (const area of areasWithEvents()) {
      const folder = WEB_FOLDERS[area.name] ?? area.name;
      folders.set(folder, [...(folders.get(folder) ?? []), area]);
    }
    for (const [folder, areas] of folders) {
      const english = webSectionCatalogue(folder, 'en');
      const vietnamese = webSectionCatalogue(folder, 'vi');
      const descriptions = Object.assign({}, ...areas.map((area) => area.eventDescriptions ?? {})) as Record<
        string,
        string
      >;
      const areaRecipes = areas.flatMap((area) => area.recipes ?? []);
      expect(english.eventTexts?.descriptions ?? {}, folder).toEqual(asI18next(descriptions));
      expect(vietnamese.eventTexts?.descriptions ?? {}, folder).toEqual(
        asI18next(Object.fromEntries(Object.entries(descriptions).map(([id, text]) => [id, vi[text]!]))),
      );
      expect(english.recipeSteps ?? {}, folder).toEqual(stepTitles(areaRecipes));
      expect(vietnamese.recipeSteps ?? {}, folder).toEqual(
        Object.fromEntries(
          areaRecipes.map((recipe) => [
            recipe.id,
            Object.fromEntries(recipe.steps.map((step) => [step.id, vi[step.title]])),
          ]),
        ),
      );
    }
  });

  it('word a failed certificate as the §8 message, with the reason after it', () => {
    const withReason = (message: string) => `${message.replace('{0}', '{site}')}: {detail}`;
    expect(EVENT_ERRORS.certificateFailed).toBe(withReason(CERTIFICATE_MESSAGES.installFailed));
    expect(EVENT_ERRORS_VI.certificateFailed).toBe(withReason(vi[CERTIFICATE_MESSAGES.installFailed]!));
  });

  it('recognise every English line stored before ids as its id and values', () => {
    for (const [kind, templates] of [
      ['description', eventTemplates().description],
      ['error', EVENT_ERRORS],
    ] as const) {
      for (const [id, template] of Object.entries(templates)) {
        const values: EventTextValues = Object.fromEntries(
          placeholders(template).map((name, index) => [name, `value ${index} of ${id}`]),
        );
        const line = template.replace(/\{(\w+)\}/g, (_whole, name: string) => String(values[name]));
        const recognised = recognizeEventText(kind, line);
        expect(recognised?.id, line).toBe(id);
        for (const [name, value] of Object.entries(values)) expect(recognised!.values[name]).toBe(value);
      }
    }
    expect(recognizeEventText('description', 'Install the agent')?.id).toBe('installAgent');
    expect(recognizeEventText('description', 'Install the SSL certificate of a.test')).toEqual({
      id: 'installCertificate',
      values: { site: 'a.test' },
    });
    expect(recognizeEventText('error', 'Step "Install nginx" failed (exit code 100)')).toEqual({
      id: 'stepFailed',
      values: { step: 'Install nginx', title: 'Install nginx', code: '100' },
    });
    expect(recognizeEventText('error', 'something else')).toBeNull();
  });

  it('name a failed step in the reader’s language, and store the English beside the id', () => {
    const text = stepFailedText('server-provision', { id: 'web-server', title: 'Install the web server' }, 1);
    expect(translateEventText('vi', 'error', text)).toBe('Bước "Cài máy chủ web" thất bại (mã thoát 1)');
    expect(translateEventText('en', 'error', text)).toBe(
      'Step "Install the web server" failed (exit code 1)',
    );
    expect(englishEventText(text, 'error')).toBe('Step "Install the web server" failed (exit code 1)');
    expect(
      englishEventText({ id: 'cancelledBeforeStep', values: { step: 'x', title: 'Add swap' } }, 'error'),
    ).toBe('Cancelled before step "Add swap"');
    expect(eventDescription('deploySite', { site: 'shop.test' })).toEqual({
      description: 'Deploy shop.test',
      descriptionId: 'deploySite',
      descriptionValues: { site: 'shop.test' },
    });
  });
});
