/** `/scripts`: the marketplace of approved shared scripts (ScriptsPages.tsx), routed in app/router.tsx. */
export { MarketplacePage as default } from './ScriptsPages';
