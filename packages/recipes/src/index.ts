/**
 * A recipe is what the panel runs on a managed server: ordered steps, each a bash script kept as
 * a `.sh` file. Scripts never contain user input: validated values reach them as environment
 * variables or arguments, and secrets through stdin (ARCHITECTURE.md, Remote execution).
 */
export interface RecipeStep {
  /** Stable id, used to resume ("retry from here") and in event output. */
  id: string;
  /** Shown to the user while the step runs; an English i18n key. */
  title: string;
  /** Path of the script, relative to this package's `scripts/` folder. */
  script: string;
  timeoutMs: number;
  /** Only idempotent steps are retried, and only after a transport (SSH) failure. */
  idempotent: boolean;
}

export interface Recipe {
  id: string;
  steps: RecipeStep[];
}
