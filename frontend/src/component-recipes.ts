import type { RecipeDefinition, SlotRecipeDefinition } from '@chakra-ui/react';

/**
 * Where Chakra's components put their recipes as their modules load (frontend/vite.config.ts,
 * decision 0030), and where the shop's system reads them by key. A global rather than a module's
 * export: the dev server pre-bundles Chakra apart from the app, and the renderer bundles it with it.
 */
export const COMPONENT_RECIPES_GLOBAL = '__shopComponentRecipes';

export interface ComponentRecipes {
  recipes: Record<string, RecipeDefinition>;
  slotRecipes: Record<string, SlotRecipeDefinition>;
}

export function componentRecipes(): ComponentRecipes {
  const scope = globalThis as { [COMPONENT_RECIPES_GLOBAL]?: ComponentRecipes };
  scope[COMPONENT_RECIPES_GLOBAL] ??= { recipes: {}, slotRecipes: {} };
  return scope[COMPONENT_RECIPES_GLOBAL];
}
