/** Vietnamese for the messages of the audit log (contracts audit-logs.ts). */
export const auditVi: Record<string, string> = {
  'The action must be a route pattern.': 'Hành động phải là một mẫu đường dẫn (route).',
};
