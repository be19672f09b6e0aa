/** Between the parts of the browser tab's title: "example.com · Sites · HostDeck". */
export const TITLE_SEPARATOR = ' · ';

/**
 * The browser tab's title (issue 26: it was always the brand): the page's heading, then the
 * server or site it belongs to when the heading does not name it already, then the section
 * (Servers, Sites), then the brand. Parts that are empty or say the same again are left out.
 */
export function documentTitle(parts: {
  heading: string | null | undefined;
  objectName?: string | null;
  section?: string | null;
  brand: string;
}): string {
  const heading = clean(parts.heading);
  const objectName = clean(parts.objectName);
  const chosen: string[] = [];
  const add = (part: string) => {
    if (part !== '' && !chosen.some((known) => known.toLowerCase() === part.toLowerCase())) chosen.push(part);
  };
  add(heading);
  if (!heading.toLowerCase().includes(objectName.toLowerCase())) add(objectName);
  add(clean(parts.section));
  add(clean(parts.brand));
  return chosen.join(TITLE_SEPARATOR);
}

function clean(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}
