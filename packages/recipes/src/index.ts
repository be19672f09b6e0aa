/**
 * @hostdeck/recipes: what the panel runs on managed servers, as data. See README.md for the
 * frame the runner reads and how to add a recipe. A server section's recipes are not exported
 * here but from their own subpath, `@hostdeck/recipes/<area>` (src/<area>/index.ts).
 */
export type { Recipe, RecipeInput, RecipeInputSchema, RecipeStep, SafeApply } from './recipe.js';
export { RecipeInputError, defineRecipe } from './recipe.js';
export type { BuildStepOptions, StepInvocation } from './invocation.js';
export { BUILDER_ENVIRONMENT_KEYS, buildStepInvocation, encodeStepFrame } from './invocation.js';
export { RUNNER_EXIT_CODES, STEP_COMMAND, STEP_PROGRAM_NAME, STEP_RUNNER } from './runner.js';
export { MAX_ARGUMENT_BYTES, assembleStepScript, recipeScriptsDirectory } from './scripts.js';
export { InventoryFormatError } from './inventory.js';
export type { StepLogLevel, StepLogLine } from './progress.js';
export { STEP_LOG_LEVELS, parseStepLogLine } from './progress.js';
export type { RecipeInputField, RecipeRegistry } from './registry.js';
export { baseRecipes, createRecipeRegistry, getRecipe, listRecipeInputs, recipes } from './registry.js';
export { nginxInstall } from './nginx-install.js';
export { defaultPhpVersion, serverProvision } from './server-provision.js';
export * from './server-actions/index.js';
export * from './certificates/index.js';
export * from './deployments/index.js';
export * from './site-configs/index.js';
export * from './sites-clone/index.js';
export * from './sites/index.js';
export * from './agent/index.js';
