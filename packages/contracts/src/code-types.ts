/**
 * What a site's `code_type` is shown as (spec/000 §3 Site: code_type, code_type_icon,
 * code_type_color): an icon name the web maps to its icon, and a brand colour. The API answers
 * both beside the code type, derived from it here, so every tier shows a code type alike.
 */
export interface CodeTypeStyle {
  icon: string;
  color: string;
}

export const CODE_TYPE_STYLES = {
  github: { icon: 'github', color: '#24292f' },
  gitlab: { icon: 'gitlab', color: '#fc6d26' },
  bitbucket: { icon: 'bitbucket', color: '#2684ff' },
  git: { icon: 'git', color: '#f05032' },
  wordpress: { icon: 'wordpress', color: '#21759b' },
  n8n: { icon: 'n8n', color: '#ea4b71' },
  phpmyadmin: { icon: 'database', color: '#6c78af' },
  roundcube: { icon: 'mail', color: '#37beff' },
  'uptime-kuma': { icon: 'monitor', color: '#5cdd8b' },
  chatwoot: { icon: 'chat', color: '#1f93ff' },
  imunifyav: { icon: 'shield', color: '#00a6a6' },
} as const satisfies Record<string, CodeTypeStyle>;

/** Any other code type (one a later version adds) still has an icon and a colour. */
const DEFAULT_STYLE: CodeTypeStyle = { icon: 'code', color: '#607d8b' };

export function codeTypeStyle(codeType: string | null): CodeTypeStyle | null {
  if (codeType === null) return null;
  return (CODE_TYPE_STYLES as Record<string, CodeTypeStyle>)[codeType] ?? DEFAULT_STYLE;
}
