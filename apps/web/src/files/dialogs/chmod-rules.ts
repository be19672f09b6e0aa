/** spec/001 §5 Chmod: three octal digits, read 4 + write 2 + execute 1 per class. */
export const PERMISSION_CLASSES = ['owner', 'group', 'others'] as const;
export const PERMISSION_BITS = [
  ['read', 4],
  ['write', 2],
  ['execute', 1],
] as const;

export type PermissionClass = (typeof PERMISSION_CLASSES)[number];
export type PermissionBit = (typeof PERMISSION_BITS)[number][0];
export type PermissionChecks = Record<PermissionClass, Record<PermissionBit, boolean>>;

export const isValidMode = (mode: string) => /^[0-7]{3}$/.test(mode);

/** '754' → owner rwx, group r-x, others r--. An invalid mode gives every box unticked. */
export function checksFromMode(mode: string): PermissionChecks {
  const digits = isValidMode(mode) ? [...mode].map(Number) : [0, 0, 0];
  const entries = PERMISSION_CLASSES.map((name, index) => {
    const digit = digits[index] ?? 0;
    const bits = Object.fromEntries(PERMISSION_BITS.map(([bit, value]) => [bit, (digit & value) !== 0]));
    return [name, bits as Record<PermissionBit, boolean>];
  });
  return Object.fromEntries(entries) as PermissionChecks;
}

export function modeFromChecks(checks: PermissionChecks): string {
  return PERMISSION_CLASSES.map((name) =>
    PERMISSION_BITS.reduce((sum, [bit, value]) => sum + (checks[name][bit] ? value : 0), 0),
  ).join('');
}

/** The mode of the first selected item, as three digits (permission.number 644 → '644'). */
export function initialMode(permissionNumber: number | undefined): string {
  if (permissionNumber === undefined) return '644';
  return String(permissionNumber).padStart(3, '0').slice(-3);
}

export const CHECK_ALL_MODE = '777';
export const UNCHECK_ALL_MODE = '000';
